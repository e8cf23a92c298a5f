import { useEffect, useId, useState, type FormEvent } from "react";
import type { CustomServiceChoices, StaffCustomServiceRow } from "../../../../schema/contracts/admin";
import { FormError } from "../../../components/ui/field";
import { StaffTable } from "../../../components/ui/staff-table";
import { asyncHandler } from "../../../lib/async-handler";
import { errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { ActionButton, Notice, StaffListView, StateFilter, useActionNotice, useStaffList } from "./staff-kit";
import { adminClient } from "../../../lib/api-clients";
import { getCustomServiceChoices, saveCustomService, staffLists, staffSend } from "../api/staff";

interface Draft {
  service_code_group_id: string;
  area_id: string;
  name: string;
  description: string;
  duration_minutes: string;
  price: string;
}

const EMPTY: Draft = {
  service_code_group_id: "",
  area_id: "",
  name: "",
  description: "",
  duration_minutes: "60",
  price: "",
};

const draftOf = (r: StaffCustomServiceRow): Draft => ({
  service_code_group_id: String(r.service_code_group_id),
  area_id: r.area_id === null ? "" : String(r.area_id),
  name: r.name,
  description: r.description ?? "",
  duration_minutes: String(r.duration_minutes),
  price: (r.price_cents / 100).toFixed(2),
});

/**
 * Custom services (docs/decisions/134): services offered in one area (or everywhere) by request, which the
 * customers of that area see in the category. Staff create, edit, retire and restore them; each change is
 * in the audit log.
 */
export function CustomServicesSection() {
  const [state, setState] = useState<"active" | "retired" | "all">("active");
  const list = useStaffList(staffLists.customServices, { state });
  const { notice, done } = useActionNotice(list.reload);
  const [choices, setChoices] = useState<CustomServiceChoices | null>(null);
  const [editing, setEditing] = useState<StaffCustomServiceRow | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    getCustomServiceChoices(ctrl.signal).then(setChoices, () => {});
    return () => ctrl.abort();
  }, []);

  return (
    <>
      <CustomServiceForm
        key={editing?.custom_service_id ?? "new"}
        choices={choices}
        editing={editing}
        onCancel={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          done(message);
        }}
      />
      <StateFilter
        label="Show"
        value={state}
        onChange={setState}
        options={[
          ["active", "Offered"],
          ["retired", "Retired"],
          ["all", "All"],
        ]}
      />
      <Notice message={notice} />
      <StaffListView list={list} label="custom services" empty="No custom service here.">
        {(items) => (
          <StaffTable
            caption="Custom services"
            testId="custom-services-table"
            rows={items}
            rowKey={(r) => r.custom_service_id}
            columns={[
              { label: "Code", cell: (r) => r.custom_sc },
              {
                label: "Service",
                className: "body-cell",
                cell: (r) => (
                  <>
                    {r.name}
                    <div className="muted">{r.group_name}</div>
                  </>
                ),
              },
              { label: "Area", cell: (r) => r.area_name ?? "Everywhere" },
              { label: "Length", cell: (r) => `${r.duration_minutes} min` },
              { label: "Price", cell: (r) => formatCents(r.price_cents) },
              { label: "State", cell: (r) => (r.enable ? "offered" : "retired") },
              {
                label: "Actions",
                hideLabel: true,
                cell: (r) =>
                  r.enable ? (
                    <>
                      <button type="button" className="button button-sm button-secondary" onClick={() => setEditing(r)}>
                        Edit
                      </button>{" "}
                      <ActionButton
                        label="Retire"
                        title={`Retire ${r.name}: customers stop seeing it`}
                        send={staffSend(adminClient["custom-services"][":id"].retire.$post, {
                          param: { id: String(r.custom_service_id) },
                        })}
                        onDone={done}
                        danger
                      />
                    </>
                  ) : (
                    <ActionButton
                      label="Restore"
                      title={`Offer ${r.name} again`}
                      send={staffSend(adminClient["custom-services"][":id"].restore.$post, {
                        param: { id: String(r.custom_service_id) },
                      })}
                      onDone={done}
                    />
                  ),
              },
            ]}
          />
        )}
      </StaffListView>
    </>
  );
}

function CustomServiceForm({
  choices,
  editing,
  onCancel,
  onSaved,
}: {
  choices: CustomServiceChoices | null;
  editing: StaffCustomServiceRow | null;
  onCancel(): void;
  onSaved(message: string): void;
}) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = (k: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const price = Math.round(Number(draft.price) * 100);
    const body = {
      service_code_group_id: Number(draft.service_code_group_id),
      area_id: draft.area_id === "" ? null : Number(draft.area_id),
      name: draft.name,
      description: draft.description,
      duration_minutes: Number(draft.duration_minutes),
      price_cents: Number.isFinite(price) ? price : -1,
    };
    setBusy(true);
    setError(null);
    try {
      await saveCustomService(editing ? editing.custom_service_id : null, body);
      setDraft(EMPTY);
      onSaved(
        editing
          ? `Saved ${body.name}. It is recorded in the audit log.`
          : `Added ${body.name}. It is recorded in the audit log.`,
      );
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card"
      onSubmit={asyncHandler(submit)}
      aria-labelledby={`${id}-title`}
      data-testid="custom-service-form"
    >
      <h2 className="card-title" id={`${id}-title`}>
        {editing ? `Edit ${editing.name}` : "Add a custom service"}
      </h2>
      <FormError message={error} />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-group`}>
          Category
        </label>
        <select
          id={`${id}-group`}
          className="input select"
          required
          value={draft.service_code_group_id}
          onChange={set("service_code_group_id")}
        >
          <option value="">Choose…</option>
          {choices?.groups.map((g) => (
            <option key={g.service_code_group_id} value={g.service_code_group_id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-area`}>
          Area
        </label>
        <select id={`${id}-area`} className="input select" value={draft.area_id} onChange={set("area_id")}>
          <option value="">Everywhere</option>
          {choices?.areas.map((a) => (
            <option key={a.area_id} value={a.area_id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input
          id={`${id}-name`}
          className="input"
          required
          minLength={3}
          maxLength={80}
          value={draft.name}
          onChange={set("name")}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-desc`}>
          Description <span className="field-optional">(optional)</span>
        </label>
        <textarea
          id={`${id}-desc`}
          className="input"
          rows={2}
          maxLength={500}
          value={draft.description}
          onChange={set("description")}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-minutes`}>
          Length in minutes (15-minute steps)
        </label>
        <input
          id={`${id}-minutes`}
          className="input"
          type="number"
          min={15}
          max={480}
          step={15}
          required
          value={draft.duration_minutes}
          onChange={set("duration_minutes")}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-price`}>
          Price in dollars
        </label>
        <input
          id={`${id}-price`}
          className="input"
          inputMode="decimal"
          required
          value={draft.price}
          onChange={set("price")}
        />
      </div>
      <div className="page-actions">
        <button type="submit" className="button button-primary button-sm" disabled={busy}>
          {editing ? "Save" : "Add"}
        </button>
        {editing && (
          <button type="button" className="button button-secondary button-sm" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
