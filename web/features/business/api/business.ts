import type {
  AvailableSettingInput,
  CalendarView,
  FeedView,
  MainDetails,
} from "../../../../schema/payloads/vendor-dashboard";
import type { NotificationResponse, SetupView, TimeOffView } from "../../../../schema/contracts/business";
import { apiRequest } from "../../../lib/api-client";

export type { NotificationResponse, TimeOffView, VendorNotification } from "../../../../schema/contracts/business";

/** The vendor's business calls (docs/product.md section 7 "Vendor"; docs/api.md "Vendor dashboard"). */

export function getMainDetails(signal?: AbortSignal): Promise<MainDetails> {
  return apiRequest<MainDetails>("/vendor/me/main-details", { json: {}, signal });
}

export function getNotifications(signal?: AbortSignal): Promise<NotificationResponse> {
  return apiRequest<NotificationResponse>("/vendor/me/notification", { signal });
}

/** First valid acceptance wins; a loser gets FAILED_VENDOR_JOB_ACCEPT. */
export function acceptOffer(serviceOrderId: number) {
  return apiRequest<unknown>("/vendor/me/jobs/accept", { json: { service_order_id: serviceOrderId } });
}

export function declineOffer(serviceOrderId: number) {
  return apiRequest<unknown>("/vendor/me/offers/decline", { json: { service_order_id: serviceOrderId } });
}

/** Confirms an accepted job's schedule (scheduled_status 1). */
export function acceptSchedule(serviceOrderId: number) {
  return apiRequest<{ message: string }>("/vendor/me/schedule/accept", { json: { service_order_id: serviceOrderId } });
}

/** A customer's reschedule request: consent moves the job, a refusal keeps it. */
export function answerReschedule(requestId: number, accept: boolean) {
  return apiRequest<{ message: string }>("/vendor/me/reschedule", { json: { request_id: requestId, accept } });
}

export function getCalendar(from: string, days: number, signal?: AbortSignal): Promise<CalendarView> {
  return apiRequest<CalendarView>(`/vendor/me/calendar?from=${from}&days=${days}`, { signal });
}

export function saveCalendarSettings(setting: AvailableSettingInput) {
  return apiRequest<{ message: number }>("/vendor/me/calendar/settings", { json: { available_setting: setting } });
}

export interface TimeOffInput {
  /** "YYYY-MM-DD HH:MM" local to the vendor. */
  start: string;
  end: string;
  note?: string;
}
export function createTimeOff(input: TimeOffInput) {
  return apiRequest<TimeOffView>("/vendor/me/calendar/time-off", { json: input });
}

export function updateTimeOff(id: string, input: TimeOffInput) {
  return apiRequest<TimeOffView>(`/vendor/me/calendar/time-off/${encodeURIComponent(id)}`, {
    method: "PUT",
    json: input,
  });
}

export function deleteTimeOff(id: string) {
  return apiRequest<{ deleted: boolean }>(`/vendor/me/calendar/time-off/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });
}

export function getFeed(signal?: AbortSignal): Promise<FeedView> {
  return apiRequest<FeedView>("/vendor/me/calendar/feed", { signal });
}

export function regenerateFeed(): Promise<FeedView> {
  return apiRequest<FeedView>("/vendor/me/calendar/feed/regenerate", { json: {} });
}

/** A business (connect) request waiting for this pro to schedule it (GET /vendor/me/connect-requests). */
export interface ConnectRequestForPro {
  connect_request_id: number;
  business_name: string;
  contact_name: string;
  address: string;
  zipcode: string;
  local_time: string;
  time_zone: string;
  people: number;
  service: string;
  duration_minutes: number;
  notes: string | null;
  /** Offered to several pros: the first to schedule it gets it, until the round ends (epoch ms; decision 113). */
  shared: boolean;
  offer_expires_at: number | null;
}

export function getConnectRequests(signal?: AbortSignal): Promise<ConnectRequestForPro[]> {
  return apiRequest<ConnectRequestForPro[]>("/vendor/me/connect-requests", { signal });
}

/** Proposes another time for a request the pro cannot make (docs/decisions/123); connect staff accept it or not. */
export function proposeConnectTime(connectRequestId: number, selectedDate: string, sessions: number) {
  return apiRequest<{ connect_request_id: number; proposed_local_time: string }>("/vendor/me/vendor-connect-propose", {
    json: { connect_request_id: connectRequestId, selectedDate, sessions },
  });
}

/** Books the request on the pro's calendar as one connect job of `sessions` x the service's length. */
export function scheduleConnectRequest(connectRequestId: number, sessions: number) {
  return apiRequest<{ service_order_id: number; promised_arrival_time: string }>("/vendor/me/vendor-connect-schedule", {
    json: { connect_request_id: connectRequestId, sessions },
  });
}

/** The setup checklist and whether the pro is Live (GET /vendor/me/setup). */
export function getSetup(signal?: AbortSignal): Promise<SetupView> {
  return apiRequest<SetupView>("/vendor/me/setup", { signal });
}
