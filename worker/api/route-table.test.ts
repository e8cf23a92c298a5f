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

/** Every sub-app a module under worker/ exports (directly, or in an exported object), with its file. */
function subApps(): { file: string; app: Hono }[] {
  const apps: { file: string; app: Hono }[] = [];
  for (const [path, mod] of Object.entries(modules)) {
    // Glob keys are relative to this folder (worker/api).
    const file = new URL(path, "file:///worker/api/").pathname.slice(1);
    for (const value of Object.values(mod)) {
      if (value instanceof Hono) apps.push({ file, app: value });
      else if (value && typeof value === "object") {
        // worker/api/auth/routes.ts lists one sub-app per top-level path in an object.
        for (const v of Object.values(value)) if (v instanceof Hono) apps.push({ file, app: v });
      }
    }
  }
  return apps;
}

/** An area's routes.ts (and app.ts) only mounts the files that declare the handlers. */
const isMountFile = (file: string) => file === "worker/app.ts" || /\/routes\.ts$/.test(file);

/**
 * The file of each of the app's routes. Mounting a sub-app copies its routes, in order, into the parent, so
 * every sub-app's routes appear as one run in the app's list; a route belongs to the smallest sub-app whose
 * run holds it (the file that declares it, not the files that mount it), whatever handlers such as a shared
 * guard it has in common with other files.
 */
function ownerFiles(routes: readonly { handler: unknown; method: string }[]): (string | undefined)[] {
  const owner: { file: string; size: number }[] = [];
  for (const { file, app } of subApps()) {
    const own = app.routes;
    if (own.length === 0) continue;
    for (let i = 0; i + own.length <= routes.length; i++) {
      let same = true;
      for (let j = 0; same && j < own.length; j++) {
        same = routes[i + j]!.handler === own[j]!.handler && routes[i + j]!.method === own[j]!.method;
      }
      if (!same) continue;
      for (let j = 0; j < own.length; j++) {
        const held = owner[i + j];
        const better =
          !held || own.length < held.size || (own.length === held.size && isMountFile(held.file) && !isMountFile(file));
        if (better) owner[i + j] = { file, size: own.length };
      }
    }
  }
  return routes.map((_, i) => owner[i]?.file);
}

export function routeTable(): Row[] {
  const routes = createApp().routes;
  const files = ownerFiles(routes);
  const byRoute = new Map<string, Row>();
  routes.forEach((r, i) => {
    // Middleware (`use`) is registered as ALL on a wildcard; the table lists the routes themselves.
    if (r.path.endsWith("*") || !(r.path.startsWith("/api/") || r.path.startsWith("/media/"))) return;
    const file = files[i];
    if (!file || isMountFile(file)) return;
    const method = r.method === "ALL" ? "any" : r.method;
    // A route's inline middleware shares its method and path: one row, the handler's file.
    byRoute.set(`${method} ${r.path}`, { method, path: r.path, file });
  });
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
