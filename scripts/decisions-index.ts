/**
 * Keeps the table of docs/decisions/README.md equal to the records in that folder (number and title from
 * each record's first line, "# NNN Title"). `npx tsx scripts/decisions-index.ts` rewrites the table;
 * `--check` (part of `npm test`) fails when a record is missing from it, listed twice, or lacks the format:
 * the heading, a date and status line third ("Date: YYYY-MM-DD. Status: accepted." or "Status: superseded by
 * [NNN](file)."; an "Amended by [NNN](file)." may follow), and the three sections.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIR = join(import.meta.dirname, "..", "docs", "decisions");
const README = join(DIR, "README.md");
const SECTIONS = ["## Context", "## Decision", "## Consequences"];
/** The third line of every record: when it was written and whether it still stands (README.md). */
const STATUS_LINE =
  /^Date: (\d{4})-(\d{2})-(\d{2})\. Status: (accepted|superseded by \[(\d{3})\]\(\5-[^)]+\.md\))(?!\w)/;
/** Records named as successors: "superseded by [NNN](file)" and "Amended by [NNN](file)". */
const LINKED = /(?:superseded|Amended) by (?:\[\d{3}\]\(\d{3}-[^)]+\.md\)(?:, | and )?)+/g;

const problems: string[] = [];
const rows = readdirSync(DIR)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort()
  .map((file) => {
    const text = readFileSync(join(DIR, file), "utf8");
    const heading = /^# (\d{3}) (.+)$/m.exec(text.split("\n", 1)[0] ?? "");
    if (!heading || heading[1] !== file.slice(0, 3))
      problems.push(`${file}: the first line must be "# ${file.slice(0, 3)} Title"`);
    const status = text.split("\n")[2] ?? "";
    const date = STATUS_LINE.exec(status);
    if (!date || Number.isNaN(Date.parse(`${date[1]}-${date[2]}-${date[3]}T00:00:00Z`)))
      problems.push(
        `${file}: the third line must be "Date: YYYY-MM-DD. Status: accepted." (or "Status: superseded by [NNN](NNN-title.md).")`,
      );
    for (const m of status.matchAll(LINKED))
      for (const [, linked] of m[0].matchAll(/\((\d{3}-[^)]+\.md)\)/g))
        if (!existsSync(join(DIR, linked!)))
          problems.push(`${file}: its status line names ${linked}, which does not exist`);
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
