/**
 * Where the browser tests serve the built Worker. E2E_PORT moves both the port and the state folder, so two
 * checkouts of the project (or two worktrees) can run their browser tests side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4319);
export const E2E_STATE_DIR = `.wrangler/e2e-state-${E2E_PORT}`;
export const BASE_URL = `http://localhost:${E2E_PORT}`;
