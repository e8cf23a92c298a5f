/**
 * `npm run house`: the figures that say whether the codebase is easy to carry on, each with how it is counted
 * (issue 22, "show the house before and after"). Read-only; prints a report and exits 0.
 *
 * - Import cycles: strongly connected components (Tarjan) of the import graph of our TS/TSX files (git ls-files),
 *   counting static value imports and re-exports (`import`, `export ... from`); imports whose every name is a
 *   type (`import type`, `import { type A }`, `export type ... from`) form a second graph reported separately.
 *   Lazy `import()` calls load on use, so they are left out of the cycles (they still count for the directions).
 * - Imports against the stated direction (docs/architecture.md section 2, "Imports flow one way"): `domain`
 *   imports nothing of ours but `schema`; `durable` imports only `domain` and `schema`; `web` imports `worker`
 *   and `durable` only as types; `web/features/A` never imports `web/features/B`.
 * - Files over 400 lines and functions over 80 lines (the TypeScript AST: function declarations and
 *   expressions, methods, constructors, accessors, arrow functions; a nested function counts on its own),
 *   generated files (`*.d.ts`, `*.gen.ts`) left out, tests counted apart.
 * - Lint findings: `npx eslint . -f json` when an ESLint config exists, else "no linter".
 *
 * Each list shows its first 15 entries; `HOUSE_SHOW=200 npm run house` shows more.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import ts from "typescript";

const ROOT = join(import.meta.dirname, "..");
const FILE_LIMIT = 400;
const FUNCTION_LIMIT = 80;
const SHOW = Number(process.env.HOUSE_SHOW ?? 15);
const started = performance.now();

const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.ts", "*.tsx"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((f) => f && existsSync(join(ROOT, f)));
const known = new Set(files);
const generated = (f: string) => f.endsWith(".d.ts") || f.endsWith(".gen.ts");
const isTest = (f: string) => /\.(test|spec)\.tsx?$/.test(f) || f.startsWith("tests/") || /(^|\/)test-/.test(f);

type Kind = "value" | "type" | "lazy";
interface Edge {
  from: string;
  to: string;
  kind: Kind;
  line: number;
}

/** The file a relative specifier names, as the bundler resolves it, or null (packages, assets). */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = normalize(join(dirname(from), spec));
  const stem = base.replace(/\.(js|jsx|mjs)$/, "");
  for (const c of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.d.ts`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (known.has(c)) return c;
  }
  return null;
}

const edges: Edge[] = [];
const longFunctions: Array<{ file: string; name: string; line: number; lines: number }> = [];
const fileLines = new Map<string, number>();

function functionName(node: ts.Node, sf: ts.SourceFile): string {
  const named = (node as { name?: ts.Node }).name;
  if (named) return named.getText(sf);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(sf);
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(sf).slice(0, 30);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` "${first.text.slice(0, 40)}"` : "";
    return `(callback of ${callee}${label})`;
  }
  return "(anonymous)";
}

for (const file of files) {
  const text = readFileSync(join(ROOT, file), "utf8");
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  fileLines.set(file, lines);
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const add = (spec: ts.Expression | undefined, kind: Kind, at: ts.Node) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const to = resolve(file, spec.text);
    if (to) edges.push({ from: file, to, kind, line: lineOf(at) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly ? "type" : "value", node);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (!!clause &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      add(node.moduleSpecifier, typeOnly ? "type" : "value", node);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg)) add(arg.literal as ts.Expression, "type", node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], "lazy", node);
    }
    if (
      !generated(file) &&
      (ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node)) &&
      node.body
    ) {
      const start = lineOf(node);
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      if (end - start + 1 > FUNCTION_LIMIT)
        longFunctions.push({ file, name: functionName(node, sf), line: start, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

// ------------------------------------------------------------------------------------------ cycles

/** Strongly connected components with more than one file (or a file importing itself), largest first. */
function cycles(kinds: Kind[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (!kinds.includes(e.kind)) continue;
    const list = next.get(e.from) ?? [];
    list.push(e.to);
    next.set(e.from, list);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  // Iterative Tarjan (the graph is deep enough to worry a recursive one).
  for (const root of files) {
    if (index.has(root)) continue;
    const work: Array<{ v: string; i: number }> = [{ v: root, i: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      const succ = next.get(top.v) ?? [];
      if (top.i < succ.length) {
        const w = succ[top.i++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.v;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.v)!));
      }
      if (low.get(top.v) === index.get(top.v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          comp.push(w);
        } while (w !== top.v);
        if (comp.length > 1 || succ.includes(top.v)) out.push(comp.sort());
      }
    }
  }
  return out.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

// -------------------------------------------------------------------------------------- directions

const area = (f: string) => f.split("/")[0]!;
const feature = (f: string) => /^web\/features\/([^/]+)\//.exec(f)?.[1] ?? null;
const OURS = new Set(["domain", "schema", "durable", "worker", "web", "scripts", "bench", "tests"]);

/** The rule an import breaks, or null. Type-only imports break only the domain and feature rules. */
function brokenRule(e: Edge): string | null {
  const [from, to] = [area(e.from), area(e.to)];
  if (!OURS.has(to) || isTest(e.from)) return null;
  if (from === "domain" && to !== "domain" && to !== "schema") return "domain imports only schema";
  if (from === "durable" && !["durable", "domain", "schema"].includes(to) && e.kind !== "type")
    return "durable imports only domain and schema";
  if (from === "web" && (to === "worker" || to === "durable") && e.kind !== "type")
    return "web imports worker/durable only as types";
  const [fa, fb] = [feature(e.from), feature(e.to)];
  if (fa && fb && fa !== fb)
    return ALLOWED_CROSSINGS.has(`${fa}->${fb}`) ? ALLOWED : "web/features/A never imports web/features/B";
  return null;
}

/** The feature crossings allowed by design (eslint.config.js, docs/architecture.md section 2), counted apart. */
const ALLOWED_CROSSINGS = new Set(["connect->admin", "shell->business"]);
const ALLOWED = "allowed feature crossings (connect -> admin, shell -> business)";

// ------------------------------------------------------------------------------------------ report

const print = (s = "") => console.log(s);
const sourceFiles = files.filter((f) => !generated(f));
const totalLines = sourceFiles.reduce((n, f) => n + fileLines.get(f)!, 0);
print(
  `House report (${sourceFiles.length} TS/TSX files, ${totalLines.toLocaleString("en-US")} lines; generated *.d.ts/*.gen.ts left out)`,
);
print(`Command: npm run house (scripts/house-report.ts)`);

const valueCycles = cycles(["value"]);
const typeCycles = cycles(["value", "type"]).filter((c) => !valueCycles.some((v) => v.join() === c.join()));
print();
print(
  `1. Import cycles (strongly connected components, static value imports): ${valueCycles.length}, ` +
    `${valueCycles.reduce((n, c) => n + c.length, 0)} files in them`,
);
for (const c of valueCycles) print(`   - ${c.length} files: ${c.join(", ")}`);
print(
  `   Cycles that close only through type-only imports (no load-order problem, still a knot): ${typeCycles.length}`,
);
for (const c of typeCycles) print(`   - ${c.length} files: ${c.join(", ")}`);

const flagged = edges
  .map((e) => ({ e, rule: brokenRule(e) }))
  .filter((x): x is { e: Edge; rule: string } => x.rule !== null);
const broken = flagged.filter((x) => x.rule !== ALLOWED);
const allowed = flagged.length - broken.length;
const byRule = new Map<string, typeof broken>();
for (const b of broken) byRule.set(b.rule, [...(byRule.get(b.rule) ?? []), b]);
print();
print(
  `2. Imports against the stated direction (docs/architecture.md section 2; tests left out): ${broken.length}` +
    ` (and ${allowed} ${ALLOWED})`,
);
for (const rule of [
  "domain imports only schema",
  "durable imports only domain and schema",
  "web imports worker/durable only as types",
  "web/features/A never imports web/features/B",
]) {
  const list = byRule.get(rule) ?? [];
  print(`   ${rule}: ${list.length}`);
  for (const { e } of list.slice(0, SHOW))
    print(`     ${e.from}:${e.line} -> ${e.to}${e.kind === "value" ? "" : ` (${e.kind})`}`);
  if (list.length > SHOW) print(`     ... and ${list.length - SHOW} more`);
}

const big = sourceFiles
  .filter((f) => fileLines.get(f)! > FILE_LIMIT)
  .sort((a, b) => fileLines.get(b)! - fileLines.get(a)!);
const bigCode = big.filter((f) => !isTest(f));
print();
print(
  `3. Files over ${FILE_LIMIT} lines: ${big.length} (${bigCode.length} code, ${big.length - bigCode.length} tests)`,
);
for (const f of bigCode.slice(0, SHOW)) print(`   ${String(fileLines.get(f)).padStart(5)} ${f}`);
if (bigCode.length > SHOW) print(`   ... and ${bigCode.length - SHOW} more code files`);

longFunctions.sort((a, b) => b.lines - a.lines);
const longCode = longFunctions.filter((f) => !isTest(f.file));
print();
print(
  `4. Functions over ${FUNCTION_LIMIT} lines: ${longFunctions.length} (${longCode.length} code, ${longFunctions.length - longCode.length} in tests)`,
);
for (const f of longCode.slice(0, SHOW)) print(`   ${String(f.lines).padStart(5)} ${f.file}:${f.line} ${f.name}`);
if (longCode.length > SHOW) print(`   ... and ${longCode.length - SHOW} more in code`);

print();
const eslintConfig = ["eslint.config.js", "eslint.config.mjs", "eslint.config.ts", "eslint.config.cjs"].find((f) =>
  existsSync(join(ROOT, f)),
);
if (!eslintConfig) print("5. Lint findings: no linter (no eslint.config.* in the repository)");
else {
  let out = "";
  try {
    out = execFileSync("npx", ["eslint", ".", "-f", "json"], { cwd: ROOT, encoding: "utf8", maxBuffer: 256 << 20 });
  } catch (err) {
    // ESLint exits 1 when it finds problems; its report is still on stdout.
    out = String((err as { stdout?: string }).stdout ?? "");
  }
  const results = JSON.parse(out || "[]") as Array<{
    filePath: string;
    messages: Array<{ ruleId: string | null; severity: number }>;
  }>;
  const rules = new Map<string, number>();
  let errors = 0;
  let warnings = 0;
  for (const r of results)
    for (const m of r.messages) {
      if (m.severity === 2) errors++;
      else warnings++;
      rules.set(m.ruleId ?? "(parse)", (rules.get(m.ruleId ?? "(parse)") ?? 0) + 1);
    }
  print(
    `5. Lint findings (npx eslint . -f json, ${eslintConfig}): ${errors + warnings} (${errors} errors, ${warnings} warnings)`,
  );
  for (const [rule, n] of [...rules].sort((a, b) => b[1] - a[1])) print(`   ${String(n).padStart(5)} ${rule}`);
}

print();
print(`(counted in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
