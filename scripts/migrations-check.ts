/**
 * A landed migration never changes (docs/architecture.md "Migrations", docs/decisions/137-one-story-for-migrations.md).
 *
 * `migrations/landed.sha256` lists every landed migration with the SHA-256 of its text, in the order
 * `wrangler d1 migrations apply` runs them (the `sha256sum` format, so `cd migrations && sha256sum -c
 * landed.sha256` checks it too). `npm run db:check` (part of `npm test`) fails, naming the file, when:
 * - a landed file changed or disappeared (a database that already ran it would never run the new text);
 * - a new file is not numbered after every landed one (wrangler would run it out of order, or never on a
 *   database that is ahead), or two files share a number;
 * - a file is missing from drizzle-kit's journal, or the journal numbers it differently (then drizzle-kit's
 *   snapshot no longer follows the migrations and `npm run db:generate` writes the wrong next migration);
 * - a new file is not recorded yet: review it, then `npm run db:check -- --record` appends it.
 * Line endings are normalised before hashing, so a checkout with CRLF endings reads the same text.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const args = process.argv.slice(2);
const record = args.includes("--record");
// --dir <path>: check another copy of migrations/ (used to try the check on a scratch copy).
const dirArg = args.indexOf("--dir");
const DIR = dirArg >= 0 ? args[dirArg + 1]! : join(import.meta.dirname, "..", "migrations");
const MANIFEST = join(DIR, "landed.sha256");
const JOURNAL = join(DIR, "meta", "_journal.json");
const shown = (file: string) => relative(process.cwd(), join(DIR, file)) || file;

/** The number a migration file starts with ("0007_staff.sql" is 7), as wrangler reads it. */
const numberOf = (file: string) => parseInt(file.split("_")[0] ?? "", 10);

/** wrangler's order: by leading number, then by name. */
const byWranglerOrder = (a: string, b: string) => numberOf(a) - numberOf(b) || (a < b ? -1 : a > b ? 1 : 0);

const sha256 = (file: string) =>
  createHash("sha256")
    .update(readFileSync(join(DIR, file), "utf8").replace(/\r\n/g, "\n"))
    .digest("hex");

const files = readdirSync(DIR)
  .filter((f) => f.endsWith(".sql"))
  .sort(byWranglerOrder);
const landed = readFileSync(MANIFEST, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => {
    const match = /^([0-9a-f]{64}) {2}(\S+\.sql)$/.exec(line);
    if (!match) throw new Error(`${shown("landed.sha256")}: not a "<sha256>  <file>.sql" line: ${line}`);
    return { hash: match[1]!, file: match[2]! };
  });

const problems: string[] = [];
const never = "A landed migration never changes: databases that already ran it will not run it again.";

for (const { hash, file } of landed) {
  if (!existsSync(join(DIR, file))) {
    problems.push(`${shown(file)} landed but is gone. ${never} Restore it from git.`);
  } else if (sha256(file) !== hash) {
    problems.push(
      `${shown(file)} changed after it landed. ${never} Restore it (git checkout origin/main -- ${shown(file)}) ` +
        `and put the change in a new migration (edit schema/tables, then npm run db:generate).`,
    );
  }
}

const landedNames = new Set(landed.map((l) => l.file));
const lastLanded = landed.at(-1)?.file;
const fresh = files.filter((f) => !landedNames.has(f));
for (const file of fresh) {
  if (!Number.isFinite(numberOf(file))) problems.push(`${shown(file)} must start with its number (NNNN_name.sql).`);
  else if (lastLanded && byWranglerOrder(file, lastLanded) <= 0)
    problems.push(
      `${shown(file)} is new but numbered before the landed ${lastLanded}: wrangler applies migrations by number, ` +
        `so it must come after every landed one. Renumber it (npm run db:generate numbers it for you).`,
    );
}
for (let i = 1; i < files.length; i++) {
  if (numberOf(files[i]!) === numberOf(files[i - 1]!))
    problems.push(
      `${shown(files[i - 1]!)} and ${shown(files[i]!)} share a number; give the newer one the next free number.`,
    );
}

// drizzle-kit's journal must list the same files with the same numbers: it numbers the next migration after
// its last entry, and its snapshot (meta/NNNN_snapshot.json) is what db:generate compares schema/tables with.
const journal = JSON.parse(readFileSync(JOURNAL, "utf8")) as { entries: { idx: number; tag: string }[] };
const journalTags = journal.entries.map((e) => `${e.tag}.sql`);
for (const file of files) {
  const entry = journal.entries.find((e) => `${e.tag}.sql` === file);
  if (!entry)
    problems.push(
      `${shown(file)} is not in drizzle-kit's journal (${shown("meta/_journal.json")}): make migrations with ` +
        `npm run db:generate (SQL that drizzle cannot derive, such as a data fix: npm run db:generate -- --custom ` +
        `--name <what>), so drizzle's snapshot follows them.`,
    );
  else if (entry.idx !== numberOf(file))
    problems.push(`${shown("meta/_journal.json")} numbers ${file} ${entry.idx}; its file name says ${numberOf(file)}.`);
}
for (const file of journalTags) {
  if (!files.includes(file))
    problems.push(`${shown("meta/_journal.json")} lists ${file}, which is not in ${shown("")}.`);
}

if (problems.length === 0 && fresh.length > 0) {
  if (record) {
    const lines = fresh.map((file) => `${sha256(file)}  ${file}\n`).join("");
    writeFileSync(MANIFEST, readFileSync(MANIFEST, "utf8") + lines);
    console.log(`Recorded as landed in ${shown("landed.sha256")}: ${fresh.join(", ")}. Commit it with the migration.`);
  } else {
    problems.push(
      `New migration${fresh.length > 1 ? "s" : ""} ${fresh.map(shown).join(", ")} not recorded as landed. ` +
        `Review the SQL, then run npm run db:check -- --record and commit ${shown("landed.sha256")} with it; ` +
        `from then on the file never changes.`,
    );
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  `${files.length} migrations: every landed file unchanged, in wrangler's order and in drizzle-kit's journal.`,
);
