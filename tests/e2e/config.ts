export const E2E_STATE_DIR = ".wrangler/e2e-state";
export const E2E_PORT = 4319;
export const BASE_URL = `http://localhost:${E2E_PORT}`;
