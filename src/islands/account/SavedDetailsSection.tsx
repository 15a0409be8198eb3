// The account page's saved details: the diner's name and phone (a proper phone field), and up to 5
// delivery addresses with who receives them, each edited or deleted here. The checkout fills them in.
import { useState, type FormEvent } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { displayPhone } from "../../domain/checkoutCustomer";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import { ApiError } from "../../lib/api";
import AddressForm, { EMPTY_ADDRESS } from "./AddressForm";
import TextField from "./TextField";
import { addAddress, deleteAddress, editAddress, saveProfile, type SavedAddress } from "./savedApi";
import Icon from "../Icon";
import { CloseIcon, EditIcon } from "../../lib/icons";

const ADDRESS_LIMIT = 5;
const BUTTON = "rounded-lg px-4 py-2 font-semibold disabled:opacity-60";
const QUIET = `${BUTTON} border border-stone-400 bg-white text-ink hover:bg-stone-100`;

interface Props {
  locale: Locale;
  account: { name: string; email: string; phone: string };
  addresses: SavedAddress[];
  /** Read the account again after a change. */
  onChange: () => void;
}

export default function SavedDetailsSection({ locale, account, addresses, onChange }: Props) {
  const t = translator(savedWords, locale);
  const [name, setName] = useState(account.name);
  const [phone, setPhone] = useState(account.phone ? displayPhone(account.phone) : "");
  const [phoneProblem, setPhoneProblem] = useState<string | undefined>();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [editing, setEditing] = useState<SavedAddress | "new" | null>(null);
  const label = (address: SavedAddress) => address.label || address.address;

  async function saveMine(event: FormEvent) {
    event.preventDefault();
    setPhoneProblem(undefined);
    try {
      await saveProfile({ name: name.trim(), phone: phone.trim() });
      setNote({ ok: true, text: t("profile.saved") });
      onChange();
    } catch (error) {
      if (error instanceof ApiError && error.body?.issues?.some((issue) => issue.path.startsWith("phone"))) setPhoneProblem(t("form.phoneRule"));
      else setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("again.failed") });
    }
  }

  async function remove(address: SavedAddress) {
    try {
      await deleteAddress(address.id);
      setNote({ ok: true, text: t("addresses.deleted") });
      onChange();
    } catch (error) {
      setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("again.failed") });
    }
  }

  async function save(input: Parameters<typeof addAddress>[0]) {
    if (editing === "new") await addAddress(input);
    else if (editing) await editAddress(editing.id, input);
    setEditing(null);
    setNote({ ok: true, text: t("addresses.saved") });
    onChange();
  }

  return (
    <>
      <section aria-labelledby="account-details">
        <h2 id="account-details" className="font-display text-2xl font-bold">
          {t("profile.heading")}
        </h2>
        <form onSubmit={saveMine} noValidate className="mt-3 grid gap-3 sm:max-w-md">
          <TextField label={t("profile.name")} autoComplete="name" maxLength={80} value={name} onChange={setName} />
          <TextField label={t("profile.phone")} type="tel" inputMode="tel" autoComplete="tel" maxLength={25} value={phone} onChange={setPhone} problem={phoneProblem} />
          <button type="submit" className={`${QUIET} justify-self-start`}>
            {t("profile.save")}
          </button>
        </form>
      </section>

      <section aria-labelledby="account-addresses">
        <h2 id="account-addresses" className="font-display text-2xl font-bold">
          {t("addresses.heading")}
        </h2>
        <p className="mt-1 text-stone-700">{t("addresses.lead")}</p>
        {addresses.length === 0 ? <p className="mt-2 text-stone-700">{t("addresses.none")}</p> : null}
        <ul className="mt-2 grid gap-2">
          {addresses.map((address) => (
            <li key={address.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white p-3">
              <span>
                <span className="block font-semibold">{label(address)}</span>
                <span className="block text-sm text-stone-700">
                  {[address.address, address.unit, `${address.city}, ${address.state} ${address.zipCode}`].filter(Boolean).join(", ")}
                </span>
                <span className="block text-sm text-stone-700">
                  {address.name} · {displayPhone(address.phone)} · {address.email}
                </span>
              </span>
              <span className="flex gap-2">
                <button type="button" className={QUIET} onClick={() => setEditing(address)} aria-label={t("addresses.edit", label(address))}>
                  <Icon icon={EditIcon} size={18} />
                </button>
                <button type="button" className={QUIET} onClick={() => void remove(address)} aria-label={t("addresses.delete", label(address))}>
                  <Icon icon={CloseIcon} size={18} />
                </button>
              </span>
            </li>
          ))}
        </ul>
        {editing ? (
          <AddressForm
            key={editing === "new" ? "new" : editing.id}
            locale={locale}
            editing={editing !== "new"}
            initial={editing === "new" ? { ...EMPTY_ADDRESS, name: account.name, email: account.email, phone } : { ...editing, phone: displayPhone(editing.phone) }}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : addresses.length < ADDRESS_LIMIT ? (
          <button type="button" className={`${QUIET} mt-3`} onClick={() => setEditing("new")}>
            {t("addresses.add")}
          </button>
        ) : (
          <p className="mt-2 text-stone-700">{t("addresses.full")}</p>
        )}
        <p role={note?.ok === false ? "alert" : "status"} className={`mt-2 ${note?.ok === false ? "text-red-800" : "text-ink"}`}>
          {note?.text ?? ""}
        </p>
      </section>
    </>
  );
}
