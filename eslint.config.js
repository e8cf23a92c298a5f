// The linter (docs/decisions/138-linter-and-boundaries.md): typescript-eslint with type information for the
// defects the compiler lets through (a promise nobody awaits, an async function where a void callback is
// expected), React's rules of hooks, and the folder boundaries of docs/architecture.md section 2 ("Imports
// flow one way"). Layout is prettier's: no rule here is about style.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const layer = (type) => ({ to: { element: { type } } });
const valueOf = (type) => ({ to: { element: { type } }, dependency: { kind: "value" } });

const boundaryRules = {
  files: ["{domain,schema,durable,worker,web}/**/*.{ts,tsx}"],
  // Tests may reach for another layer's fixtures (a durable test seeds through worker/test-utils).
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  languageOptions: { parser: tseslint.parser },
  plugins: { boundaries },
  settings: {
    "boundaries/elements": [
      { type: "domain", pattern: "domain" },
      { type: "schema", pattern: "schema" },
      { type: "durable", pattern: "durable" },
      { type: "worker", pattern: "worker" },
      { type: "feature", pattern: "web/features/*", capture: ["feature"] },
      { type: "web", pattern: "web" },
    ],
    "import/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
    "boundaries/include": ["domain/**", "schema/**", "durable/**", "worker/**", "web/**"],
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      {
        default: "allow",
        policies: [
          {
            from: { element: { type: "domain" } },
            disallow: [layer("worker"), layer("durable"), layer("web"), layer("feature"), valueOf("schema")],
            message: "domain/ is pure: it imports nothing of ours but schema/ types (docs/architecture.md section 2).",
          },
          {
            from: { element: { type: "durable" } },
            disallow: [layer("worker"), layer("web"), layer("feature")],
            message:
              "durable/ imports only domain/ and schema/; a workflow of the Worker comes in through a hook the Worker supplies (docs/architecture.md section 2).",
          },
          {
            from: { element: { types: ["web", "feature"] } },
            disallow: [valueOf("worker"), valueOf("durable")],
            message:
              "web/ never imports worker/ or durable/ code, only their types with `import type` (docs/architecture.md section 2).",
          },
          {
            from: { element: { type: "feature" } },
            disallow: layer("feature"),
            message:
              "A feature does not import another feature ({{ to.element.captured.feature }}): move the shared piece to web/components or web/lib (docs/decisions/138-linter-and-boundaries.md).",
          },
          {
            from: { element: { type: "feature" } },
            allow: { to: { element: { type: "feature" } }, dependency: { relationship: { to: "internal" } } },
          },
          {
            // The allowed crossings, each one-way by design. The staff's Connect screens are staff screens built
            // on the staff kit and the staff API client of admin/ (admin never imports connect).
            from: { element: { type: "feature", captured: { feature: "connect" } } },
            allow: { to: { element: { type: "feature", captured: { feature: "admin" } } } },
          },
          {
            // And the phone's bottom bar (shell) loads the business bar's badge and "More" sheet on demand, for pros
            // on /business only (business never imports shell).
            from: { element: { type: "feature", captured: { feature: "shell" } } },
            allow: { to: { element: { type: "feature", captured: { feature: "business" } } } },
          },
        ],
      },
    ],
  },
};

const typeChecked = {
  files: ["**/*.{ts,tsx}"],
  extends: [js.configs.recommended, ...tseslint.configs.recommended],
  languageOptions: {
    parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
  },
  plugins: { "react-hooks": reactHooks },
  rules: {
    // Defects the compiler lets through, found with type information.
    "@typescript-eslint/no-floating-promises": "error",
    // An async function where a void callback is expected (onClick={async () => ...}) drops its rejection:
    // wrap it with `run` (web/lib/run.ts), which reports the error as the page does today.
    "@typescript-eslint/no-misused-promises": "error",
    // Promise.all over a mix of promises and nulls (a line with nothing to do) is fine.
    "@typescript-eslint/await-thenable": ["error", { allowMixedPromiseArrays: true }],
    // TanStack Router's redirect() and notFound() are thrown by design.
    "@typescript-eslint/only-throw-error": [
      "error",
      {
        allow: [{ from: "package", package: "@tanstack/router-core", name: ["Redirect", "NotFoundError"] }],
      },
    ],
    "@typescript-eslint/no-implied-eval": "error",
    "@typescript-eslint/no-array-delete": "error",
    "@typescript-eslint/no-for-in-array": "error",
    "@typescript-eslint/prefer-promise-reject-errors": "error",
    "@typescript-eslint/return-await": ["error", "error-handling-correctness-only"],
    // Unused names are the compiler's (noUnusedLocals in tsconfig.json); `_name` marks one kept on purpose.
    "@typescript-eslint/no-unused-vars": [
      "error",
      { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
    ],
    // Tests and JSON answers are read as `any` on purpose; the compiler's strict mode guards the rest.
    "@typescript-eslint/no-explicit-any": "off",
    // A value set before an if/else that sets it again is this codebase's way of declaring; the compiler's
    // definite-assignment check covers a value read before it is set.
    "no-useless-assignment": "off",
    "react-hooks/rules-of-hooks": "error",
    "react-hooks/exhaustive-deps": "error",
  },
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      ".wrangler/",
      ".tanstack/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      "migrations/",
      "worker-configuration.d.ts",
      "web/routeTree.gen.ts",
    ],
  },
  typeChecked,
  {
    // worker/test-env.d.ts pulls in the vitest pool's types the way @cloudflare/vitest-plugin documents.
    files: ["**/*.d.ts"],
    rules: { "@typescript-eslint/triple-slash-reference": "off" },
  },
  boundaryRules,
  {
    // The config files are plain JavaScript outside the TypeScript project.
    files: ["**/*.js"],
    extends: [js.configs.recommended, tseslint.configs.disableTypeChecked],
  },
);
