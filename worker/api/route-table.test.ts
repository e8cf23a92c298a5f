import { env } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import routesDoc from "../../docs/api-routes.md?raw";
import { createApp } from "../app";

/**
 * docs/api-routes.md is the table from every API path to the file that serves it. This test builds the same
 * table from the running app (each route's handler is found in the sub-app that declared it) and fails when
 * the document differs; `npm run docs:routes` rewrites the document from it.
 */

// Every module under worker/ that may declare a sub-app: not tests, not the page renderer's entry.
const modules = import.meta.glob<Record<string, unknown>>(
  ["../**/*.ts", "!../index.ts", "!../**/*.test.ts", "!../**/test-*.ts", "!../**/*.d.ts"],
  { eager: true },
);

type Row = { method: string; path: string; file: string };

function declaredRoutes(): Map<unknown, string> {
  const fileOf = new Map<unknown, string>();
  for (const [path, mod] of Object.entries(modules)) {
    // Glob keys are relative to this folder (worker/api).
    const file = new URL(path, "file:///worker/api/").pathname.slice(1);
    for (const value of Object.values(mod)) {
      if (!(value instanceof Hono)) continue;
      for (const r of value.routes) if (!fileOf.has(r.handler)) fileOf.set(r.handler, file);
    }
  }
  return fileOf;
}

export function routeTable(): Row[] {
  const fileOf = declaredRoutes();
  const byRoute = new Map<string, Row>();
  for (const r of createApp().routes) {
    // Middleware (`use`) is registered as ALL on a wildcard; the table lists the routes themselves.
    if (r.path.endsWith("*") || !(r.path.startsWith("/api/") || r.path.startsWith("/media/"))) continue;
    const file = fileOf.get(r.handler);
    if (!file || file === "worker/app.ts") continue;
    const method = r.method === "ALL" ? "any" : r.method;
    // A route's inline middleware shares its method and path: one row, the handler's file.
    byRoute.set(`${method} ${r.path}`, { method, path: r.path, file });
  }
  return [...byRoute.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

export function routeTableMarkdown(rows: Row[]): string {
  const lines = rows.map((r) => `| \`${r.method} ${r.path}\` | [${r.file}](../${r.file}) |`);
  return ["| route | served by |", "| --- | --- |", ...lines].join("\n");
}

/** The table as the document holds it: its rows, whatever their padding. */
function documentedRows(doc: string): string[] {
  return doc
    .split("\n")
    .filter((l) => l.startsWith("| `"))
    .map((l) => l.replace(/\s+\|/g, " |").replace(/\|\s+/g, "| ").trim());
}

describe("docs/api-routes.md", () => {
  it("lists every API route with the file that serves it", () => {
    const rows = routeTable();
    const expected = routeTableMarkdown(rows);
    if ((env as unknown as Record<string, unknown>).ROUTE_TABLE_PRINT)
      console.log(`<<<ROUTE TABLE\n${expected}\nROUTE TABLE>>>`);
    expect(rows.length).toBeGreaterThan(150);
    expect(documentedRows(routesDoc), "docs/api-routes.md is out of date: run `npm run docs:routes`").toEqual(
      documentedRows(expected),
    );
  });
});
