import { useState } from "react";
import type { VendorJobView, VendorOfferView, VendorRequestView } from "../../../../schema/payloads/vendor-dashboard";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { notify } from "../../../stores/alert-store";
import { acceptOffer, acceptSchedule, answerReschedule, declineOffer } from "../api/business";

/** An offer whose accept was refused, with the reason the server gave (decision 129). */
export interface RemovedOffer {
  id: number;
  service: string;
  why: string;
}

/**
 * The dashboard's actions on offers, jobs and reschedule requests: one at a time (`busy` names it), each
 * followed by `reload`; the job whose details are open closes when its action succeeds.
 */
export function useDashboardActions(reload: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const [open, setOpen] = useState<VendorJobView | VendorOfferView | null>(null);
  // Offers whose accept was refused leave the list at once, with the reason the server gave (decision 129).
  const [removed, setRemoved] = useState<RemovedOffer[]>([]);
  const [declining, setDeclining] = useState<VendorOfferView | null>(null);

  const act = async (key: string, run: () => Promise<unknown>, success: (answer: unknown) => string) => {
    setBusy(key);
    try {
      const answer = await run();
      notify("success", success(answer));
      setOpen(null);
    } catch (err) {
      notify("error", errorMessage(err));
      if (err instanceof ApiError && err.status === 401) window.location.assign("/");
    } finally {
      setBusy(null);
      reload();
    }
  };
  const messageOf = (fallback: string) => (answer: unknown) =>
    answer && typeof answer === "object" && typeof (answer as { message?: unknown }).message === "string"
      ? (answer as { message: string }).message
      : fallback;

  const accept = async (o: VendorOfferView) => {
    setBusy(`accept:${o.service_order_id}`);
    try {
      await acceptOffer(o.service_order_id);
      notify("success", "Job accepted. It's on your calendar.");
      setOpen(null);
    } catch (err) {
      if (err instanceof ApiError && err.code === "FAILED_VENDOR_JOB_ACCEPT") {
        const why = err.fields?.service_order_id ?? err.message;
        setRemoved((list) => [
          { id: o.service_order_id, service: o.service, why },
          ...list.filter((r) => r.id !== o.service_order_id),
        ]);
        setOpen(null);
        notify("error", why);
      } else {
        notify("error", errorMessage(err));
        if (err instanceof ApiError && err.status === 401) window.location.assign("/");
      }
    } finally {
      setBusy(null);
      reload();
    }
  };
  const decline = async (o: VendorOfferView) => {
    await declineOffer(o.service_order_id);
    notify("success", "Offer declined.");
    setDeclining(null);
    setOpen(null);
    reload();
  };
  const confirm = (j: VendorJobView) =>
    act(`confirm:${j.service_order_id}`, () => acceptSchedule(j.service_order_id), messageOf("Schedule confirmed."));
  const answer = (r: VendorRequestView, yes: boolean) =>
    act(
      `${yes ? "approve" : "refuse"}:${r.request_id}`,
      () => answerReschedule(r.request_id, yes),
      messageOf(yes ? "The job was moved." : "The job keeps its time."),
    );

  return { busy, open, setOpen, removed, declining, setDeclining, accept, decline, confirm, answer };
}
