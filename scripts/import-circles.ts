/**
 * Counts import circles: the strongly connected components of the import graph of worker/, durable/, domain/
 * and schema/ (each one a set of files that reach each other through imports). `--values` leaves out
 * type-only imports (`import type`, `export type`), which vanish at build time.
 *   npx tsx scripts/import-circles.ts [--values] [dirs...]
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const valuesOnly = args.includes("--values");
const dirs = args.filter((a) => !a.startsWith("--"));
const roots = dirs.length ? dirs : ["worker", "durable", "domain", "schema"];
const root = process.cwd();
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, "tsconfig.json"),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  },
)!;

function walk(dir: string, out: string[]): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "node_modules") walk(p, out);
    } else if (/\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(path.resolve(p));
  }
  return out;
}
const files = roots.flatMap((d) => walk(path.join(root, d), []));
const inScope = new Set(files);

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) {
    const c = node.importClause;
    if (!c) return false; // side-effect import
    if (c.isTypeOnly) return true;
    if (c.name) return false;
    const b = c.namedBindings;
    if (!b || ts.isNamespaceImport(b)) return false;
    return b.elements.length > 0 && b.elements.every((e) => e.isTypeOnly);
  }
  if (node.isTypeOnly) return true;
  const b = node.exportClause;
  return !!b && ts.isNamedExports(b) && b.elements.length > 0 && b.elements.every((e) => e.isTypeOnly);
}

const edges = new Map<string, Set<string>>();
for (const file of files) {
  const src = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out = new Set<string>();
  for (const st of src.statements) {
    if (!(ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) || !st.moduleSpecifier) continue;
    if (valuesOnly && isTypeOnly(st)) continue;
    const spec = (st.moduleSpecifier as ts.StringLiteral).text;
    const r = ts.resolveModuleName(spec, file, config.options, ts.sys).resolvedModule;
    if (r && inScope.has(path.resolve(r.resolvedFileName))) out.add(path.resolve(r.resolvedFileName));
  }
  edges.set(file, out);
}

// Tarjan's strongly connected components.
let index = 0;
const idx = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const sccs: string[][] = [];
function strong(v: string): void {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
  }
  if (low.get(v) === idx.get(v)) {
    const comp: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1) sccs.push(comp);
  }
}
for (const f of files) if (!idx.has(f)) strong(f);

const rel = (f: string) => path.relative(root, f);
sccs.sort((a, b) => b.length - a.length);
for (const c of sccs) console.log(`${c.length} files: ${c.map(rel).sort().join(", ")}`);
const inCircles = sccs.reduce((n, c) => n + c.length, 0);
console.log(
  `${files.length} files, ${sccs.length} import circles (${inCircles} files in them)${valuesOnly ? ", value imports only" : ""}`,
);
