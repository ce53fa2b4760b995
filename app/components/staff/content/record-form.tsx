import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Input, Select, Textarea } from "~/components/ui/form";
import { CONTENT_BLOCKS, type FieldSpec, isContentBlockKey, solarDataTitle } from "~/lib/content-schemas";

/**
 * Fields from the kind's shared field list (app/lib/content-schemas); conform names and ids them
 * (`benefits[0].title`).
 */

// biome-ignore lint/suspicious/noExplicitAny: field lists are dynamic (one renderer for four schemas)
type AnyField = FieldMetadata<any, any, string[]>;
// biome-ignore lint/suspicious/noExplicitAny: as above
type AnyForm = FormMetadata<any, string[]>;

function describedBy(meta: AnyField, spec: FieldSpec) {
  const ids = [spec.help ? meta.descriptionId : null, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function FieldShell({
  meta,
  spec,
  children,
  inline = false,
}: {
  meta: AnyField;
  spec: FieldSpec;
  children: ReactNode;
  inline?: boolean;
}) {
  const label = (
    <label htmlFor={meta.id} className="font-medium text-navy-900">
      {spec.label}
      {spec.required ? (
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
  return (
    <div className="space-y-1.5">
      {inline ? (
        <div className="flex min-h-11 items-center gap-3">
          {children}
          {label}
        </div>
      ) : (
        label
      )}
      {spec.help ? (
        <p id={meta.descriptionId} className="text-sm text-slate-600">
          {spec.help}
        </p>
      ) : null}
      {inline ? null : children}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="text-sm font-medium text-red-700">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

function Control({ meta, spec }: { meta: AnyField; spec: FieldSpec }) {
  const common = {
    id: meta.id,
    name: meta.name,
    "aria-invalid": meta.errors?.length ? true : undefined,
    "aria-describedby": describedBy(meta, spec),
    "aria-required": spec.required ? true : undefined,
  } as const;
  switch (spec.input) {
    case "textarea":
      return (
        <Textarea key={meta.key} {...common} defaultValue={meta.defaultValue} maxLength={spec.maxLength} rows={4} />
      );
    case "select":
      return (
        <Select key={meta.key} {...common} defaultValue={meta.defaultValue ?? ""}>
          <option value="">{spec.required ? "Choose…" : "(none)"}</option>
          {spec.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      );
    case "checkbox":
      return (
        <input
          key={meta.key}
          {...common}
          type="checkbox"
          defaultChecked={meta.defaultChecked}
          className="size-5 rounded border-slate-400"
        />
      );
    case "date":
      return <Input key={meta.key} {...common} type="date" defaultValue={meta.defaultValue} className="max-w-xs" />;
    case "decimal":
      return (
        <Input
          key={meta.key}
          {...common}
          type="text"
          inputMode="decimal"
          defaultValue={meta.defaultValue}
          className="max-w-xs"
        />
      );
    case "number":
      return (
        <Input
          key={meta.key}
          {...common}
          type="number"
          inputMode="numeric"
          step={1}
          defaultValue={meta.defaultValue}
          className="max-w-xs"
        />
      );
    case "url":
      return (
        <Input key={meta.key} {...common} type="url" defaultValue={meta.defaultValue} maxLength={spec.maxLength} />
      );
    default:
      return (
        <Input key={meta.key} {...common} type="text" defaultValue={meta.defaultValue} maxLength={spec.maxLength} />
      );
  }
}

/** E.g. an industry page's address, a content block's or figure's key. */
function ReadOnly({ meta, spec }: { meta: AnyField; spec: FieldSpec }) {
  const value = meta.defaultValue ?? "";
  const shown =
    spec.name !== "key" ? `/${value}` : isContentBlockKey(value) ? CONTENT_BLOCKS[value].label : solarDataTitle(value);
  return (
    <div className="space-y-1">
      <p className="font-medium text-navy-900">{spec.label}</p>
      <p className="text-slate-800" data-testid={`readonly-${spec.name}`}>
        {shown}
      </p>
      {spec.help ? <p className="text-sm text-slate-600">{spec.help}</p> : null}
      {/* The schema checks the key (the server sets it from the address). */}
      {spec.name === "key" ? <input type="hidden" name={meta.name} value={value} /> : null}
    </div>
  );
}

function ListField({ form, meta, spec }: { form: AnyForm; meta: AnyField; spec: FieldSpec }) {
  const items = (meta as unknown as { getFieldList: () => AnyField[] }).getFieldList();
  const itemLabel = spec.label.replace(/s$/, "").toLowerCase();
  const full = spec.maxItems !== undefined && items.length >= spec.maxItems;
  const list = useRef<HTMLOListElement>(null);
  const shown = useRef(items.length);
  // A new row gets the focus: its fields sit above the button, where Tab never goes.
  useEffect(() => {
    const added = items.length > shown.current;
    shown.current = items.length;
    if (!added) return;
    const row = list.current?.lastElementChild;
    row?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
  }, [items.length]);
  return (
    <fieldset
      className="min-w-0 space-y-3 rounded-lg border border-slate-300 p-4"
      aria-describedby={meta.errors?.length ? meta.errorId : undefined}
    >
      <legend className="px-1 font-semibold text-navy-900">{spec.label}</legend>
      {spec.help ? <p className="text-sm text-slate-600">{spec.help}</p> : null}
      {meta.errors?.length ? (
        <p id={meta.errorId} className="text-sm font-medium text-red-700">
          {meta.errors[0]}
        </p>
      ) : null}
      {items.length === 0 ? <p className="text-sm text-slate-600">No items.</p> : null}
      <ol ref={list} className="space-y-4">
        {items.map((item, index) => {
          const fieldset = (item as unknown as { getFieldset: () => Record<string, AnyField> }).getFieldset();
          return (
            <li key={item.key} className="space-y-3 rounded-lg bg-slate-50 p-3">
              <div className="flex items-center justify-between gap-2">
                <p className="text-sm font-semibold text-slate-700">
                  {spec.label}: item {index + 1}
                </p>
                <button
                  {...form.remove.getButtonProps({ name: meta.name, index })}
                  className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-navy-900 hover:bg-slate-100"
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove
                  <span className="sr-only">
                    {" "}
                    {spec.label.toLowerCase()} item {index + 1}
                  </span>
                </button>
              </div>
              {spec.item?.map((sub) => {
                const subMeta = fieldset[sub.name];
                if (!subMeta) return null;
                return (
                  <FieldShell key={sub.name} meta={subMeta} spec={sub}>
                    <Control meta={subMeta} spec={sub} />
                  </FieldShell>
                );
              })}
            </li>
          );
        })}
      </ol>
      {full ? null : (
        <button
          {...form.insert.getButtonProps({ name: meta.name })}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 font-semibold text-navy-900 hover:bg-slate-100"
        >
          <Plus aria-hidden="true" className="size-4" />
          Add {itemLabel}
          <span className="sr-only"> to {spec.label.toLowerCase()}</span>
        </button>
      )}
    </fieldset>
  );
}

export function RecordFields({
  form,
  fields,
  specs,
}: {
  form: AnyForm;
  fields: Record<string, AnyField>;
  specs: readonly FieldSpec[];
}) {
  return (
    <div className="space-y-5">
      {specs.map((spec) => {
        const meta = fields[spec.name];
        if (!meta) return null;
        if (spec.input === "readonly") return <ReadOnly key={spec.name} meta={meta} spec={spec} />;
        if (spec.input === "list") return <ListField key={spec.name} form={form} meta={meta} spec={spec} />;
        return (
          <FieldShell key={spec.name} meta={meta} spec={spec} inline={spec.input === "checkbox"}>
            <Control meta={meta} spec={spec} />
          </FieldShell>
        );
      })}
    </div>
  );
}

/** Conform ids: `<form>-<name>`. */
export function ErrorList({ form }: { form: AnyForm }) {
  const entries = Object.entries(form.allErrors).filter(([, messages]) => messages?.length);
  if (entries.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
      data-testid="error-summary"
    >
      <p className="font-semibold">Nothing was saved. Please correct the following:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {entries.map(([name, messages]) => (
          <li key={name}>
            {name ? (
              <a href={`#${form.id}-${name}`} className="underline underline-offset-2">
                {messages[0]}
              </a>
            ) : (
              messages[0]
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
