// Above the checkout's form: what "Order again" left out, the diner's saved addresses to deliver to (a
// choice fills the form and the courier quote), and for a guest one line offering to sign in. The
// details themselves stay in the checkout's form, where the diner can change anything.
import { useState, type ReactNode } from "react";
// pagePaths: the account page has a Spanish address of its own (/es/cuenta).
import { localizedPath, type Locale } from "../../domain/i18n/pagePaths";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import type { OrderType } from "../../domain/orderReadModel";
import ReorderNotices from "../account/ReorderNotices";
import type { Details } from "./DetailsStep";
import { useSavedDetails } from "./useSavedDetails";

interface Props {
  orderType: OrderType;
  details: Details;
  setOrderType: (type: OrderType) => void;
  setDetails: (change: (current: Details) => Details) => void;
  locale: Locale;
  /** Out of sight on the payment step; kept mounted so the choice of address stays. */
  hidden?: boolean;
}

export default function SavedDetails({ orderType, details, setOrderType, setDetails, locale, hidden }: Props): ReactNode {
  const t = translator(savedWords, locale);
  const { saved, chosen, choose, notices, reordered, saveTyped } = useSavedDetails({ orderType, typedAddress: details.address, setOrderType, setDetails });
  const [savedNote, setSavedNote] = useState<string | null>(null);
  // A new address typed by a signed-in diner, complete enough to keep, while there is room for it.
  const canSave = !!saved?.diner && chosen === "" && details.address.trim().length >= 4 && /^\d{5}/.test(details.zipCode.trim()) && (saved?.addresses.length ?? 0) < 5;
  async function save() {
    const refusal = await saveTyped(details);
    setSavedNote(refusal === null ? t("checkout.savedTyped") : refusal || t("form.check"));
  }
  if (hidden) return null;
  if (!saved) {
    if (reordered) return <ReorderNotices notices={notices} locale={locale} withPrices />;
    // Not known yet (the server's HTML, an account's answer on its way): the guest's line, unseen, holds its
    // place, so the fields below do not move under a diner typing as the page wakes up.
    return (
      <div className="invisible mb-8" aria-hidden="true">
        <p className="text-stone-700">
          {t("checkout.signIn")} <span className="font-semibold underline">{t("checkout.signInLink")}</span>
        </p>
      </div>
    );
  }
  return (
    <div className="mb-8 space-y-4">
      {reordered ? <ReorderNotices notices={notices} locale={locale} withPrices /> : null}
      {saved.diner === null ? (
        <p className="text-stone-700">
          {t("checkout.signIn")}{" "}
          <a className="font-semibold text-brand-700 underline" href={`${localizedPath(locale, "/account")}?return=${encodeURIComponent(localizedPath(locale, "/checkout"))}`}>
            {t("checkout.signInLink")}
          </a>
        </p>
      ) : (
        <p className="text-stone-700">{t("checkout.filled", saved.diner.name)}</p>
      )}
      {orderType === "delivery" && saved.diner !== null && (saved.addresses.length > 0 || canSave) ? (
        <fieldset>
          <legend className="font-display text-xl font-bold">{t("checkout.choose")}</legend>
          <div className="mt-3 grid gap-2">
            {saved.addresses.map((address) => (
              <label key={address.id} className="flex min-h-11 cursor-pointer items-start gap-2 rounded-lg border border-stone-300 bg-white p-3 has-[:checked]:border-brand-600">
                <input type="radio" name="savedAddress" className="mt-1" checked={chosen === address.id} onChange={() => choose(address.id)} />
                <span>
                  <span className="block font-semibold">{address.label || address.address}</span>
                  <span className="block text-sm text-stone-700">
                    {[address.address, address.unit, `${address.city}, ${address.state} ${address.zipCode}`].filter(Boolean).join(", ")} · {address.name}
                  </span>
                </span>
              </label>
            ))}
            {saved.addresses.length > 0 ? (
              <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white p-3 has-[:checked]:border-brand-600">
                <input type="radio" name="savedAddress" checked={chosen === ""} onChange={() => choose("")} />
                <span>{t("checkout.other")}</span>
              </label>
            ) : null}
            {canSave ? (
              <button type="button" onClick={() => void save()} className="min-h-11 justify-self-start rounded-lg border border-stone-400 bg-white px-4 py-2 font-semibold text-ink hover:bg-stone-100">
                {t("checkout.saveTyped")}
              </button>
            ) : null}
            <p role="status" className="text-sm">
              {savedNote ?? ""}
            </p>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
