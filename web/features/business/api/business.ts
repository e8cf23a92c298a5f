import type { AvailableSettingInput } from "../../../../schema/payloads/vendor-dashboard";
import { call } from "../../../lib/api-client";
import { vendorClient } from "../../../lib/api-clients";

export type { NotificationResponse, TimeOffView, VendorNotification } from "../../../../schema/contracts/business";

/**
 * The vendor's business calls (docs/product.md section 7 "Vendor"; docs/api.md "Vendor dashboard"), through
 * the typed /api/vendor client: each answer's type is the handler's (worker/api/vendor/me/*).
 */
const me = vendorClient.me;

export function getMainDetails(signal?: AbortSignal) {
  return call((o) => me["main-details"].$post({ json: {} }, o), { signal });
}

export function getNotifications(signal?: AbortSignal) {
  return call((o) => me.notification.$get({}, o), { signal });
}

/** First valid acceptance wins; a loser gets FAILED_VENDOR_JOB_ACCEPT. */
export function acceptOffer(serviceOrderId: number) {
  return call((o) => me.jobs.accept.$post({ json: { service_order_id: serviceOrderId } }, o));
}

export function declineOffer(serviceOrderId: number) {
  return call((o) => me.offers.decline.$post({ json: { service_order_id: serviceOrderId } }, o));
}

/** Confirms an accepted job's schedule (scheduled_status 1). */
export function acceptSchedule(serviceOrderId: number) {
  return call((o) => me.schedule.accept.$post({ json: { service_order_id: serviceOrderId } }, o));
}

/** A customer's reschedule request: consent moves the job, a refusal keeps it. */
export function answerReschedule(requestId: number, accept: boolean) {
  return call((o) => me.reschedule.$post({ json: { request_id: requestId, accept } }, o));
}

export function getCalendar(from: string, days: number, signal?: AbortSignal) {
  return call((o) => me.calendar.$get({ query: { from, days: String(days) } }, o), { signal });
}

export function saveCalendarSettings(setting: AvailableSettingInput) {
  return call((o) => me.calendar.settings.$post({ json: { available_setting: setting } }, o));
}

export interface TimeOffInput {
  /** "YYYY-MM-DD HH:MM" local to the vendor. */
  start: string;
  end: string;
  note?: string;
}
export function createTimeOff(input: TimeOffInput) {
  return call((o) => me.calendar["time-off"].$post({ json: input }, o));
}

export function updateTimeOff(id: string, input: TimeOffInput) {
  return call((o) => me.calendar["time-off"][":id"].$put({ param: { id }, json: input }, o));
}

export function deleteTimeOff(id: string) {
  return call((o) => me.calendar["time-off"][":id"].$delete({ param: { id } }, o));
}

export function getFeed(signal?: AbortSignal) {
  return call((o) => me.calendar.feed.$get({}, o), { signal });
}

export function regenerateFeed() {
  return call((o) => me.calendar.feed.regenerate.$post({}, o));
}

/** Business (connect) requests waiting for this pro to schedule (GET /vendor/me/connect-requests). */
export function getConnectRequests(signal?: AbortSignal) {
  return call((o) => me["connect-requests"].$get({}, o), { signal });
}

/** A business (connect) request waiting for this pro to schedule it. */
export type ConnectRequestForPro = Awaited<ReturnType<typeof getConnectRequests>>[number];

/** Proposes another time for a request the pro cannot make (docs/decisions/123); connect staff accept it or not. */
export function proposeConnectTime(connectRequestId: number, selectedDate: string, sessions: number) {
  return call((o) =>
    me["vendor-connect-propose"].$post({ json: { connect_request_id: connectRequestId, selectedDate, sessions } }, o),
  );
}

/** Books the request on the pro's calendar as one connect job of `sessions` x the service's length. */
export function scheduleConnectRequest(connectRequestId: number, sessions: number) {
  return call((o) =>
    me["vendor-connect-schedule"].$post({ json: { connect_request_id: connectRequestId, sessions } }, o),
  );
}

/** The setup checklist and whether the pro is Live (GET /vendor/me/setup). */
export function getSetup(signal?: AbortSignal) {
  return call((o) => me.setup.$get({}, o), { signal });
}

/** The pro's penalised give-backs of the last 14 days, each with its exception request (docs/decisions/099). */
export function getPenaltyIncidents(signal?: AbortSignal) {
  return call((o) => me.exceptions.$get({}, o), { signal });
}
export type PenaltyIncident = Awaited<ReturnType<typeof getPenaltyIncidents>>[number];

/** Asks staff to lift one incident's penalty. */
export function askForException(incidentId: number, explanation: string) {
  return call((o) => me.exceptions.$post({ json: { incident_id: incidentId, explanation } }, o));
}
