import { call } from "../../../lib/api-client";
import { serviceClient, servicesClient, vendorClient } from "../../../lib/api-clients";
import { withForm } from "../../../lib/form-body";

/**
 * The pro's own pages (become a pro, profile, service area, services, licences, help, payout account) through
 * the typed clients (docs/decisions/141-typed-pro-area.md): each answer's type is the handler's
 * (worker/api/vendor/application.ts, worker/api/vendor/me/profile.ts, extras.ts, worker/api/services.ts).
 */
const me = vendorClient.me;

export const getApplyOptions = (signal?: AbortSignal) =>
  call((o) => vendorClient["apply-options"].$get({}, o), { signal });
export const getApplication = (signal?: AbortSignal) => call((o) => vendorClient.application.$get({}, o), { signal });
/** The application form, multipart (its photo and licences); the route reads its own form. */
export const applyToBePro = (form: FormData) => call((o) => vendorClient.create.$post({}, withForm(o, form)));

export const getProProfile = (signal?: AbortSignal) => call((o) => me.profile.$get({}, o), { signal });
/** PUT /vendor/me/photo, multipart with `file`: the photo clients see (docs/decisions/132). */
export const uploadProPhoto = (form: FormData) => call((o) => me.photo.$put({}, withForm(o, form)));
export const signAgreement = (version: string) => call((o) => me["sign-agreement"].$post({ json: { version } }, o));
export const saveDescription = (description: string) => call((o) => me.description.$put({ json: { description } }, o));
export const setAccountStatus = (status: "active" | "deactivated") =>
  call((o) => me.status.$post({ json: { status } }, o));
export const requestReactivation = (note: string) =>
  call((o) => me["reactivation-request"].$post({ json: { note } }, o));
export const getSocial = (signal?: AbortSignal) => call((o) => me["get-social"].$get({}, o), { signal });
export const saveSocial = (json: Parameters<(typeof me)["get-social"]["$post"]>[0]["json"]) =>
  call((o) => me["get-social"].$post({ json }, o));
export const saveServiceRange = (json: Parameters<(typeof me)["serviceRange"]["$post"]>[0]["json"]) =>
  call((o) => me.serviceRange.$post({ json }, o));

export const getConnectInfo = (signal?: AbortSignal) => call((o) => me["connect-info"].$get({}, o), { signal });
export const getProHelp = (signal?: AbortSignal) => call((o) => me.help.$get({}, o), { signal });
export const forumSignOn = (signal?: AbortSignal) => call((o) => me["nodebb-authorize"].$get({}, o), { signal });

export const getLicences = (signal?: AbortSignal) => call((o) => me.license.$get({}, o), { signal });
/** One of the pro's licences as GET /vendor/me/license answers it. */
export type ProLicense = Awaited<ReturnType<typeof getLicences>>["licenses"][number];
/** A licence picture, multipart (`service_code`, `expires`, `file`); the route reads its own form. */
export const uploadLicence = (form: FormData) => call((o) => me["do-upload"].$post({}, withForm(o, form)));
export const removeLicence = (serviceCode: string) =>
  call((o) => me["remove-upload"].$post({ json: { service_code: serviceCode } }, o));

export const getProServices = (signal?: AbortSignal) => call((o) => servicesClient.index.$get({}, o), { signal });
/** One of the pro's services as GET /services answers it. */
export type ProService = Awaited<ReturnType<typeof getProServices>>["services"][number];
export const setServiceEnabled = (serviceId: number, enable: boolean) =>
  call((o) =>
    serviceClient[":id"].status.$put({ param: { id: String(serviceId) }, json: { enable, service_id: serviceId } }, o),
  );
export const saveService = (json: Parameters<(typeof serviceClient)["save"]["$post"]>[0]["json"]) =>
  call((o) => serviceClient.save.$post({ json }, o));
export const getRequestableGroups = (signal?: AbortSignal) => call((o) => me["vendor-request"].$get({}, o), { signal });
/** Asks for a service group, or withdraws the request. */
export const requestGroup = (serviceCode: string, requested: boolean) =>
  requested
    ? call((o) => me["vendor-request-remove"].$post({ json: { service_code: serviceCode } }, o))
    : call((o) => me["vendor-request"].$post({ json: { service_code: serviceCode } }, o));
