import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/**
 * What the bench (and `npm run cron`) starts outside its own process (vite preview, wrangler dev and their
 * workerd, Chromium) is stopped whatever ends the run: success, an error, an uncaught exception, Ctrl-C or
 * SIGTERM. A server left behind would hold its port, and the next run would measure it or fail to start.
 */
const running = new Set<() => void>();

function stopAll(): void {
  for (const stop of [...running]) stop();
}

// "exit" runs on a normal end, on process.exit and after an uncaught exception; a signal ends the run itself.
process.on("exit", stopAll);
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const) {
  process.on(signal, () => {
    console.error(`${signal}: stopping the servers this run started`);
    stopAll();
    process.exit(code);
  });
}

/** Registers `stop` to run when the process ends; answers a stop that runs it at most once and unregisters it. */
export function stopOnExit(stop: () => void): () => void {
  const once = () => {
    if (!running.delete(once)) return;
    try {
      stop();
    } catch {
      /* already gone */
    }
  };
  running.add(once);
  return once;
}

/** Stops a detached child's whole process group (npx, then vite or wrangler, then workerd), once. */
export function stopGroupOnExit(child: ChildProcess): () => void {
  return stopOnExit(() => {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
  });
}

/** Refuses to start a server on a port something else holds (a run killed with SIGKILL, another checkout). */
export async function assertPortFree(port: number, what: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
  if (!free)
    throw new Error(
      `port ${port} (${what}) is already in use, probably by a bench left running: stop it (\`lsof -i :${port}\` or \`ss -ltnp 'sport = :${port}'\` names the process) and run again`,
    );
}
