/**
 * Keeps the table of docs/decisions/README.md equal to the records in that folder (number and title from
 * each record's first line, "# NNN Title"). `npx tsx scripts/decisions-index.ts` rewrites the table;
 * `--check` (part of `npm test`) fails when a record is missing from it, listed twice, or lacks the format.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIR = join(import.meta.dirname, "..", "docs", "decisions");
const README = join(DIR, "README.md");
const SECTIONS = ["## Context", "## Decision", "## Consequences"];

const problems: string[] = [];
const rows = readdirSync(DIR)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort()
  .map((file) => {
    const text = readFileSync(join(DIR, file), "utf8");
    const heading = /^# (\d{3}) (.+)$/m.exec(text.split("\n", 1)[0] ?? "");
    if (!heading || heading[1] !== file.slice(0, 3))
      problems.push(`${file}: the first line must be "# ${file.slice(0, 3)} Title"`);
    for (const s of SECTIONS) if (!text.includes(`\n${s}\n`)) problems.push(`${file}: no "${s}" section`);
    return { num: file.slice(0, 3), title: heading?.[2] ?? file, file };
  });

const seen = new Set<string>();
for (const r of rows) {
  if (seen.has(r.num)) problems.push(`two records are numbered ${r.num}`);
  seen.add(r.num);
}

const linkWidth = Math.max(...rows.map((r) => `[${r.title}](${r.file})`.length));
const table = [
  `| #   | ${"Decision".padEnd(linkWidth)} |`,
  `| --- | ${"-".repeat(linkWidth)} |`,
  ...rows.map((r) => `| ${r.num} | ${`[${r.title}](${r.file})`.padEnd(linkWidth)} |`),
].join("\n");

const readme = readFileSync(README, "utf8");
const start = readme.indexOf("| #   |");
if (start < 0) problems.push("docs/decisions/README.md has no table starting with '| #   |'");
const next = readme.indexOf("\n\n", start);
const updated = readme.slice(0, start) + table + (next < 0 ? "\n" : readme.slice(next));

if (process.argv.includes("--check")) {
  if (updated !== readme)
    problems.push("docs/decisions/README.md is out of date: run `npx tsx scripts/decisions-index.ts`");
  if (problems.length) {
    for (const p of problems) console.error(p);
    process.exit(1);
  }
  console.log(`docs/decisions: ${rows.length} records, index current`);
} else {
  writeFileSync(README, updated);
  for (const p of problems) console.error(p);
  console.log(`docs/decisions/README.md: ${rows.length} records listed`);
  if (problems.length) process.exit(1);
}
