import { calendarFor } from "./calendar-client";

/**
 * Ending a pro's live dashboards (the sockets the vendor's calendar object holds;
 * docs/decisions/118-vendor-account-states.md). A failure is logged, never thrown: the session or the
 * account change it follows is already committed, and the object also refuses the ended session's sockets.
 */
export async function endLiveDashboards(
  env: Env,
  vendorId: number,
  how: { session: string } | { all: true; bar: boolean },
  now: number,
): Promise<number> {
  try {
    return await calendarFor(env, vendorId).endDashboards(
      "session" in how ? { session: how.session, now } : { bar: how.bar, now },
    );
  } catch (err) {
    console.error(JSON.stringify({ at: "live.endDashboards", vendor_id: vendorId, error: String(err) }));
    return 0;
  }
}

/** Lets a reactivated pro's dashboards connect again. */
export async function reopenLiveDashboards(env: Env, vendorId: number): Promise<void> {
  await calendarFor(env, vendorId)
    .reopenDashboards()
    .catch((err) =>
      console.error(JSON.stringify({ at: "live.reopenDashboards", vendor_id: vendorId, error: String(err) })),
    );
}
