// The checkout's first step: pickup or delivery, when, who orders, where to deliver, the tip and the
// order's note. The form's values live in the checkout (they are resent with a retried attempt).
import { DELIVERY_FEE_CENTS } from "../../domain/money";
import { deliversTo } from "../../domain/delivery";
import { isZipCode } from "../../domain/checkoutCustomer";
import { CURBSIDE_CAR_MAX, type OrderType } from "../../domain/orderReadModel";
import type { OrderDetails } from "../../domain/orderRequestBuilder";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator, type Translate } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { orderTextMessages } from "../../domain/i18n/ui/orderTextMessages";
import { courierChoiceText, couriersOffered } from "../../lib/couriersOffered";
import Field from "./Field";
import TipAndNote, { type TipOption } from "./TipAndNote";
import UnitField from "./UnitField";
import type { FieldProblems } from "./fieldErrors";
import { CUSTOMER_LIMITS } from "../../domain/checkoutCustomer";
import WhenStep, { type SpecialDateNote } from "./WhenStep";

/** The form's values: the customer's details as the order takes them, and the tip as chosen. */
export interface Details extends OrderDetails {
  /** The tip as chosen ("none", "15", "18", "20", "custom") and a custom amount in dollars. */
  tip: string;
  customTip: string;
}

export const EMPTY_DETAILS: Details = {
  name: "",
  email: "",
  phone: "",
  address: "",
  unit: "",
  city: "Miami",
  state: "FL",
  zipCode: "",
  deliveryNotes: "",
  tip: "none",
  customTip: "",
  orderNote: "",
  curbside: "",
  curbsideCar: "",
  textMe: "",
};

/** The name's limit, said before it bites. */
const nameHint: Record<Locale, string> = { en: `Up to ${CUSTOMER_LIMITS.name} characters.`, es: `Hasta ${CUSTOMER_LIMITS.name} caracteres.` };

/** The ZIP's problem, if any, worded the way the server would answer it. */
export function zipProblem(zipCode: string, servedZipCodes: readonly string[], t: Translate<typeof checkoutWords>): string | undefined {
  if (!isZipCode(zipCode)) return t("zip.shape");
  return deliversTo(zipCode, servedZipCodes) ? undefined : t("zip.notServed", zipCode);
}

interface Props {
  items: readonly { id: number; quantity: number }[];
  subtotalCents: number;
  orderType: OrderType;
  onOrderType: (type: OrderType) => void;
  details: Details;
  onDetail: (field: keyof Details) => (value: string) => void;
  specialDates: readonly SpecialDateNote[];
  onWhenProblem: (problem: string | null) => void;
  /** The ZIP code's problem as typed, when there is one. */
  zipMessage?: string;
  /** The courier's fee and time, or why there is none. */
  courierNote?: string;
  onContinue: () => void;
  locale: Locale;
  /** Each field's problem, all found at once on Continue. */
  problems?: FieldProblems;
  /** False while the form is the server's HTML: Continue waits for the scripts (the fields already take typing). */
  awake?: boolean;
  /** Delivery is by courier, as the page was rendered (else read from the page in the browser). */
  couriers?: boolean;
  /** The restaurant can text about the order: the box for it shows under the phone, unticked. */
  texts?: boolean;
}

export default function DetailsStep({ items, subtotalCents, orderType, onOrderType, details, onDetail: update, specialDates, onWhenProblem, zipMessage, courierNote, onContinue, locale, problems = {}, awake = true, couriers, texts }: Props) {
  const t = translator(checkoutWords, locale);
  return (
    <form
      className="space-y-8"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <fieldset>
        <legend className="font-display text-xl font-bold">{t("type.legend")}</legend>
        <div className="mt-3 grid grid-cols-2 gap-3">
          {(["pickup", "delivery"] as const).map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/30"
            >
              <input type="radio" name="orderType" value={type} checked={orderType === type} onChange={() => onOrderType(type)} />
              <span>
                <span className="block font-semibold">{type === "pickup" ? t("type.pickup") : t("type.delivery")}</span>
                <span className="block text-sm text-stone-600">
                  {type === "pickup" ? t("type.pickupTime") : (courierChoiceText(locale, couriers) ?? t("type.deliveryTime", localPrice(DELIVERY_FEE_CENTS, locale)))}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {orderType === "pickup" && (
        <div className="space-y-3">
          <label className="flex min-h-11 cursor-pointer items-center gap-2">
            <input type="checkbox" name="curbside" checked={details.curbside === "yes"} onChange={(event) => update("curbside")(event.target.checked ? "yes" : "")} />
            <span className="font-semibold">{t("curbside.choice")}</span>
          </label>
          {details.curbside === "yes" && (
            <>
              <p className="text-sm text-stone-600">{t("curbside.hint")}</p>
              <Field
                label={t("field.car", CURBSIDE_CAR_MAX)}
                value={details.curbsideCar ?? ""}
                onChange={update("curbsideCar")}
                placeholder={t("field.carHint")}
                maxLength={CURBSIDE_CAR_MAX}
              />
            </>
          )}
        </div>
      )}

      <WhenStep items={items} orderType={orderType} specialDates={specialDates} onProblem={onWhenProblem} locale={locale} />

      <fieldset className="space-y-4">
        <legend className="font-display text-xl font-bold">{t("customer.legend")}</legend>
        <Field field="name" label={t("field.name")} value={details.name} onChange={update("name")} autoComplete="name" maxLength={CUSTOMER_LIMITS.name} hint={nameHint[locale]} problem={problems.name} />
        <Field field="email" label={t("field.email")} type="email" value={details.email} onChange={update("email")} autoComplete="email" maxLength={CUSTOMER_LIMITS.email} problem={problems.email} />
        <Field field="phone" label={t("field.phone")} type="tel" value={details.phone} onChange={update("phone")} autoComplete="tel" maxLength={CUSTOMER_LIMITS.phoneMax} problem={problems.phone} />
        {texts && (
          <label className="flex min-h-11 cursor-pointer items-start gap-2">
            <input type="checkbox" name="textMe" className="mt-1" checked={details.textMe === "yes"} onChange={(event) => update("textMe")(event.target.checked ? "yes" : "")} />
            <span className="text-sm">{orderTextMessages.consent[locale]}</span>
          </label>
        )}
      </fieldset>

      {orderType === "delivery" && (
        <fieldset className="space-y-4">
          <legend className="font-display text-xl font-bold">{t("delivery.legend")}</legend>
          <Field field="address" label={t("field.address")} value={details.address} onChange={update("address")} autoComplete="street-address" maxLength={200} problem={problems.address} />
          <UnitField value={details.unit ?? ""} onChange={update("unit")} locale={locale} problem={problems.unit} />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label={t("field.city")} value={details.city} onChange={update("city")} autoComplete="address-level2" />
            <Field label={t("field.state")} value={details.state} onChange={update("state")} autoComplete="address-level1" />
            <Field
              label={t("field.zip")}
              value={details.zipCode}
              onChange={update("zipCode")}
              autoComplete="postal-code"
              inputMode="numeric"
              field="zipCode"
              problem={problems.zipCode ?? zipMessage}
            />
          </div>
          {courierNote && (
            <p role="status" className="text-sm font-medium">
              {courierNote}
            </p>
          )}
          <Field
            label={t("field.deliveryNotes")}
            value={details.deliveryNotes}
            onChange={update("deliveryNotes")}
            multiline
            placeholder={t("field.deliveryNotesHint")}
          />
        </fieldset>
      )}

      <TipAndNote
        subtotal={subtotalCents}
        option={details.tip}
        customDollars={details.customTip}
        note={details.orderNote}
        onOption={(option: TipOption) => update("tip")(option)}
        onCustom={update("customTip")}
        onNote={update("orderNote")}
        locale={locale}
        courier={orderType === "delivery" && couriersOffered()}
      />

      <button type="submit" disabled={!awake} className="w-full disabled:opacity-70 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700">
        {t("continue")}
      </button>
    </form>
  );
}
