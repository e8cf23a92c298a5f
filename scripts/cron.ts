import path from "node:path";
import { drain, startCronWorker, tick } from "./cron-runner";

/**
 * `npm run cron`: one cron tick against the local development state (.wrangler/state, or GLOW_STATE_DIR),
 * through the same pipeline as production: the scheduled handler finds what is due and enqueues it, the queue
 * consumer does each item. Prints what was enqueued and what the consumer did. Stop `npm run dev` first if
 * it is running on the same state.
 */
async function main() {
  const stateDir = path.resolve(process.env.GLOW_STATE_DIR ?? ".wrangler/state");
  const port = Number(process.env.CRON_PORT ?? 8799);
  console.log(`cron: starting the Worker on ${stateDir} ...`);
  const worker = await startCronWorker({ stateDir, port });
  try {
    const now = Date.now();
    const t = await tick(worker, now);
    const total = Object.values(t.enqueued).reduce((s, n) => s + n, 0);
    console.log(
      `cron: tick at ${new Date(now).toISOString()} took ${t.ms.toFixed(0)} ms and enqueued ${total} item(s)`,
    );
    for (const [kind, n] of Object.entries(t.enqueued)) console.log(`  enqueued ${kind}: ${n}`);
    const d = await drain(worker, now, total, 120_000);
    console.log(`cron: the queue consumer did ${d.done.reduce((s, r) => s + r.n, 0)} item(s) in ${d.ms.toFixed(0)} ms`);
    for (const r of d.done) console.log(`  ${r.kind} -> ${r.outcome}: ${r.n}`);
  } finally {
    worker.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
