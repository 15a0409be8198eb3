// Adding or editing one saved address: who receives it (name, phone, e-mail) and where (street, Apt/Unit,
// city, state, ZIP, notes for the driver). The server checks it with the checkout's own rules; a field
// it refuses is marked and named in the page's language.
import { useState, type FormEvent } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import { ApiError } from "../../lib/api";
import TextField from "./TextField";
import type { AddressInput, SavedAddress } from "./savedApi";

const BUTTON = "rounded-lg px-4 py-2 font-semibold disabled:opacity-60";

export const EMPTY_ADDRESS: AddressInput = { label: "", name: "", phone: "", email: "", address: "", unit: "", city: "Miami", state: "FL", zipCode: "", deliveryNotes: "" };

interface Props {
  locale: Locale;
  initial: AddressInput | SavedAddress;
  editing: boolean;
  onSave: (address: AddressInput) => Promise<unknown>;
  onCancel: () => void;
}

export default function AddressForm({ locale, initial, editing, onSave, onCancel }: Props) {
  const t = translator(savedWords, locale);
  const [form, setForm] = useState<AddressInput>({ ...EMPTY_ADDRESS, ...initial });
  const [problems, setProblems] = useState<Partial<Record<keyof AddressInput, string>>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof AddressInput) => ({ value: form[name], onChange: (value: string) => setForm((current) => ({ ...current, [name]: value })), problem: problems[name] });
  const problemOf = (name: string) => (name === "phone" ? t("form.phoneRule") : name === "zipCode" ? t("form.zipRule") : t("form.check"));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblems({});
    setFailed(null);
    try {
      await onSave(form);
    } catch (error) {
      const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
      if (issues.length) setProblems(Object.fromEntries(issues.map((issue) => [issue.path.split(".")[0], problemOf(issue.path.split(".")[0]!)])));
      setFailed(error instanceof ApiError && error.serverMessage && !issues.length ? error.serverMessage : issues.length ? t("form.check") : t("again.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 rounded-lg border border-stone-200 bg-white p-4" aria-labelledby="address-form-heading">
      <h3 id="address-form-heading" className="font-semibold">
        {editing ? t("form.editHeading") : t("form.addHeading")}
      </h3>
      <TextField label={t("form.label")} maxLength={40} {...field("label")} />
      <TextField label={t("form.name")} autoComplete="shipping name" maxLength={100} required {...field("name")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("form.phone")} type="tel" inputMode="tel" autoComplete="shipping tel" maxLength={25} required {...field("phone")} />
        <TextField label={t("form.email")} type="email" inputMode="email" autoComplete="shipping email" maxLength={254} required {...field("email")} />
      </div>
      <TextField label={t("form.address")} autoComplete="shipping address-line1" maxLength={200} required {...field("address")} />
      <TextField label={t("form.unit")} autoComplete="shipping address-line2" maxLength={40} {...field("unit")} />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={t("form.city")} autoComplete="shipping address-level2" maxLength={80} {...field("city")} />
        <TextField label={t("form.state")} autoComplete="shipping address-level1" maxLength={30} {...field("state")} />
        <TextField label={t("form.zip")} autoComplete="shipping postal-code" inputMode="numeric" maxLength={10} required {...field("zipCode")} />
      </div>
      <TextField label={t("form.notes")} multiline maxLength={500} {...field("deliveryNotes")} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
          {t("form.save")}
        </button>
        <button type="button" onClick={onCancel} className={`${BUTTON} border border-stone-400 bg-white text-ink hover:bg-stone-100`}>
          {t("form.cancel")}
        </button>
      </div>
      <p role={failed ? "alert" : undefined} className="text-red-800">
        {failed ?? ""}
      </p>
    </form>
  );
}
