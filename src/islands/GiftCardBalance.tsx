// The gift card page's balance check: a number in, its balance read live from Square out, or the one
// sentence the server answers (unknown, malformed, inactive, too many look-ups).
import { useId, useState, type FormEvent } from "react";
import type { GiftCardBalanceAnswer } from "../domain/giftCards";
import type { Locale } from "../domain/i18n/locales";
import { localPrice } from "../domain/i18n/prices";
import { translator } from "../domain/i18n/translate";
import { giftCardWords } from "../domain/i18n/ui/giftCards";
import { ApiError, apiRequest } from "../lib/api";
import { INPUT_CLASS } from "../lib/formStyles";

export default function GiftCardBalance({ locale = "en" }: { locale?: Locale }) {
  const t = translator(giftCardWords, locale);
  const id = useId();
  const [number, setNumber] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function check(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    try {
      const found = await apiRequest<GiftCardBalanceAnswer>("/api/gift-cards/balance", { body: { number } });
      setAnswer({ ok: true, text: t("balance.result", found.last4, localPrice(found.balanceCents, locale)) });
    } catch (error) {
      setAnswer({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("refused.notReached") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={check} className="mt-4 grid gap-3 sm:max-w-md">
      <label htmlFor={`${id}-number`} className="font-semibold">
        {t("balance.label")}
      </label>
      <input
        id={`${id}-number`}
        className={INPUT_CLASS}
        inputMode="numeric"
        autoComplete="off"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        placeholder="7783 0000 0000 0000"
        required
      />
      <button type="submit" disabled={busy} className="rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
        {busy ? t("balance.checking") : t("balance.check")}
      </button>
      <p role={answer?.ok === false ? "alert" : "status"} className={answer?.ok === false ? "text-red-800" : "text-lg font-semibold text-ink"}>
        {answer?.text ?? ""}
      </p>
    </form>
  );
}
