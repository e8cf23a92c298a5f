import { spawn, type ChildProcess } from "node:child_process";
import { prepareState } from "../tests/e2e/state";
import { assertPortFree, stopGroupOnExit } from "./processes";

/**
 * Serves the built Worker locally (vite preview runs dist/ in workerd) on a freshly seeded state, for
 * benchmarks that measure it through HTTP like a user's browser would. The server is stopped by `stop`, or
 * when the bench ends whichever way (bench/processes.ts).
 */
export async function serveBuiltWorker(opts: {
  port: number;
  stateDir: string;
}): Promise<{ url: string; stop: () => void }> {
  await assertPortFree(opts.port, "vite preview");
  prepareState(opts.stateDir, { quiet: true });
  const child: ChildProcess = spawn("npx", ["vite", "preview", "--port", String(opts.port), "--strictPort"], {
    env: { ...process.env, GLOW_STATE_DIR: opts.stateDir, PORT: String(opts.port) },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://localhost:${opts.port}`;
  const stop = stopGroupOnExit(child);
  let exited: string | null = null;
  child.once("exit", (code, signal) => (exited = signal ?? `code ${code}`));
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/shell`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (exited !== null) {
      stop();
      throw new Error(`vite preview on port ${opts.port} exited (${exited}) before it answered`);
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error("vite preview did not start within 90 s");
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { url, stop };
}
