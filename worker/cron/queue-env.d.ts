// The billing cron's queue (wrangler.toml [[queues.producers]] / [[queues.consumers]]). Declared on the base
// both Env interfaces extend, so the generated worker-configuration.d.ts stays as it is until regenerated.
interface __BaseEnv_Env {
  CRON_QUEUE: Queue<import("./queue").CronEnvelope>;
}
