import { BRAND } from "../../../config/brand";
import { useEffect, useState } from "react";
import { catalogue } from "../../../../domain/messages";
import {
  checkOptionGroups,
  MAX_OPTION_GROUPS,
  MAX_OPTIONS_PER_GROUP,
  type OptionGroup,
} from "../../../../domain/vendors/service-options";
import type { RequestableGroup } from "../../../../schema/payloads/vendor-onboarding";
import { Page } from "../../../components/layout/page";
import { FormError } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import {
  getProServices,
  getRequestableGroups,
  requestGroup,
  saveService,
  setServiceEnabled,
  type ProService,
} from "../api/pro";
import { formatCents } from "../../../lib/format";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { asyncHandler } from "../../../lib/async-handler";

/** /business/services: what the pro offers, each service's options and note, and requests for more. */
export function BusinessServices() {
  const list = useRequest("pro:services", getProServices);
  const [dirty, setDirty] = useState<Record<number, boolean>>({});
  const anyDirty = Object.values(dirty).some(Boolean);
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [anyDirty]);

  const replace = (s: ProService) =>
    list.setData((prev) => ({ services: (prev?.services ?? []).map((x) => (x.service_id === s.service_id ? s : x)) }));

  return (
    <Page width="wide" eyebrow="Your business" title="Services">
      {anyDirty && (
        <p className="callout" role="status">
          You have unsaved changes to your options.
        </p>
      )}
      {list.loading && !list.data ? (
        <p className="muted" role="status">
          Loading your services…
        </p>
      ) : list.error ? (
        <FormError message={errorMessage(list.error)} />
      ) : (list.data?.services ?? []).length === 0 ? (
        <p>You have no approved services yet. Ask us to add one below.</p>
      ) : (
        <ul style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 16 }}>
          {list.data!.services.map((s) => (
            <li key={s.service_id}>
              <ServiceRow
                service={s}
                onChange={replace}
                onDirty={(d) => setDirty((x) => ({ ...x, [s.service_id]: d }))}
              />
            </li>
          ))}
        </ul>
      )}
      <RequestCard />
    </Page>
  );
}

function ServiceRow({
  service,
  onChange,
  onDirty,
}: {
  service: ProService;
  onChange(s: ProService): void;
  onDirty(d: boolean): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const toggle = async (enable: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const res = await setServiceEnabled(service.service_id, enable);
      onChange(res.service);
      notify("success", enable ? `${service.name} is on.` : `${service.name} is off.`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const id = `svc-${service.service_id}`;
  return (
    <section className="card" aria-labelledby={`${id}-name`}>
      <div
        style={{ display: "flex", justifyContent: "space-between", gap: 12, flexWrap: "wrap", alignItems: "center" }}
      >
        <div>
          <h2 className="card-title" id={`${id}-name`}>
            {service.name}
          </h2>
          <p className="muted">
            {service.group.name} · {service.duration_minutes} min · {formatCents(service.price_cents)} in your area
            {service.license_required && !service.license_ok ? " · needs a valid licence" : ""}
          </p>
        </div>
        <label className="toggle">
          <input
            type="checkbox"
            checked={service.enabled}
            disabled={busy || service.restricted}
            onChange={asyncHandler((e) => toggle(e.target.checked))}
            aria-describedby={
              [error ? `${id}-err` : "", service.restricted ? `${id}-restricted` : ""].filter(Boolean).join(" ") ||
              undefined
            }
          />
          Offer {service.name}
        </label>
      </div>
      {service.restricted && (
        <p id={`${id}-restricted`} className="callout" data-testid="service-restricted">
          Support restricted you from this service, so you are not offered it.{" "}
          {service.restricted_reason ? `Why: ${service.restricted_reason}` : ""} Questions? Contact support.
        </p>
      )}
      {error && (
        <div id={`${id}-err`}>
          <FormError message={error} />
        </div>
      )}
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? "Hide options" : `Options and note (${service.option_groups.length})`}
      </button>
      {open && <OptionsEditor service={service} onSaved={onChange} onDirty={onDirty} />}
    </section>
  );
}

function OptionsEditor({
  service,
  onSaved,
  onDirty,
}: {
  service: ProService;
  onSaved(s: ProService): void;
  onDirty(d: boolean): void;
}) {
  const [groups, setGroups] = useState<OptionGroup[]>(service.option_groups);
  const [message, setMessage] = useState(service.message);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(groups) !== JSON.stringify(service.option_groups) || message !== service.message;
  // onDirty is the parent's callback, new on each render: tell it when `dirty` changes, and "clean" on unmount.
  useEffect(() => onDirty(dirty), [dirty]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => onDirty(false), []); // eslint-disable-line react-hooks/exhaustive-deps

  const setGroup = (i: number, g: OptionGroup) => setGroups((gs) => gs.map((x, j) => (j === i ? g : x)));
  const save = async () => {
    const problem = checkOptionGroups(groups);
    if (problem) {
      setError(catalogue[problem].text);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await saveService({ service_id: service.service_id, message, option_groups: groups });
      onSaved(res.service);
      setGroups(res.service.option_groups);
      setMessage(res.service.message);
      notify("success", catalogue.SAVED.text);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const sid = service.service_id;
  return (
    <div className="form" style={{ marginTop: 12 }}>
      <FormError message={error} />
      <div className="field">
        <label className="field-label" htmlFor={`msg-${sid}`}>
          Note for clients booking this service <span className="field-optional">(optional)</span>
        </label>
        <textarea
          id={`msg-${sid}`}
          className="textarea"
          rows={2}
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      {groups.map((g, i) => (
        <fieldset
          key={i}
          className="field"
          style={{ border: "1px solid var(--line, #ddd)", borderRadius: 8, padding: 12 }}
        >
          <legend className="field-label">Option group {i + 1}</legend>
          <label className="field-label" htmlFor={`g-${sid}-${i}`}>
            Group name
          </label>
          <input
            id={`g-${sid}-${i}`}
            className="input"
            value={g.title}
            maxLength={80}
            onChange={(e) => setGroup(i, { ...g, title: e.target.value })}
          />
          {g.choices.map((c, k) => (
            <div key={k} style={{ display: "flex", gap: 8, marginTop: 8 }}>
              <label className="visually-hidden" htmlFor={`c-${sid}-${i}-${k}`}>
                Choice {k + 1} of group {i + 1}
              </label>
              <input
                id={`c-${sid}-${i}-${k}`}
                className="input"
                placeholder={`Choice ${k + 1}`}
                value={c.label}
                maxLength={80}
                onChange={(e) =>
                  setGroup(i, { ...g, choices: g.choices.map((x, j) => (j === k ? { label: e.target.value } : x)) })
                }
              />
              <button
                type="button"
                className="button button-ghost button-sm"
                onClick={() => setGroup(i, { ...g, choices: g.choices.filter((_, j) => j !== k) })}
              >
                Remove
              </button>
            </div>
          ))}
          <div className="form-actions">
            <button
              type="button"
              className="button button-secondary button-sm"
              disabled={g.choices.length >= MAX_OPTIONS_PER_GROUP}
              onClick={() => setGroup(i, { ...g, choices: [...g.choices, { label: "" }] })}
            >
              Add choice ({g.choices.length}/{MAX_OPTIONS_PER_GROUP})
            </button>
            <button
              type="button"
              className="button button-ghost button-sm"
              onClick={() => setGroups((gs) => gs.filter((_, j) => j !== i))}
            >
              Remove group
            </button>
          </div>
        </fieldset>
      ))}
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={groups.length >= MAX_OPTION_GROUPS}
          onClick={() => setGroups((gs) => [...gs, { title: "", choices: [{ label: "" }] }])}
        >
          Add option group ({groups.length}/{MAX_OPTION_GROUPS})
        </button>
        <button type="button" className="button button-primary" onClick={asyncHandler(save)} disabled={busy || !dirty}>
          {busy ? "Saving…" : "Save options"}
        </button>
        <span className="save-state" role="status">
          {dirty ? "You have unsaved changes." : ""}
        </span>
      </div>
    </div>
  );
}

function RequestCard() {
  const groups = useRequest("pro:requests", getRequestableGroups);
  const [error, setError] = useState<string | null>(null);
  const act = async (g: RequestableGroup) => {
    setError(null);
    try {
      const res = await requestGroup(g.service_code, g.requested);
      groups.setData(res);
      notify(
        "success",
        g.requested
          ? "Request withdrawn."
          : `Request saved. Email ${BRAND.partnersEmail} with the service and your experience so our partner team can add it.`,
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const others = (groups.data?.groups ?? []).filter((g) => !g.approved);
  return (
    <section className="card" aria-labelledby="request-title" style={{ marginTop: 20 }}>
      <h2 className="card-title" id="request-title">
        Offer more services
      </h2>
      <FormError message={error ?? (groups.error ? errorMessage(groups.error) : null)} />
      {others.length === 0 ? (
        <p className="muted">You're approved for every service we offer.</p>
      ) : (
        <ul style={{ listStyle: "none", padding: 0, display: "grid", gap: 8 }}>
          {others.map((g) => (
            <li key={g.service_code_group_id} style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
              <span>
                {g.name}
                {g.requested ? " · requested" : ""}
              </span>
              <button type="button" className="button button-secondary button-sm" onClick={asyncHandler(() => act(g))}>
                {g.requested ? "Withdraw request" : "Ask to add"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
