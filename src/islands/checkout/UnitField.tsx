// The delivery's Apt/Unit line: optional, its limit said in its label before it bites, and filled as
// the browser fills a second address line.
import type { ReactNode } from "react";
import { CUSTOMER_LIMITS } from "../../domain/checkoutCustomer";
import type { Locale } from "../../domain/i18n/locales";
import Field from "./Field";

const LABEL: Record<Locale, (max: number) => string> = {
  en: (max) => `Apt / Unit (optional, up to ${max} characters)`,
  es: (max) => `Apto. / Unidad (opcional, hasta ${max} caracteres)`,
};

export default function UnitField({ value, onChange, locale, problem }: { value: string; onChange: (value: string) => void; locale: Locale; problem?: string }): ReactNode {
  return <Field field="unit" problem={problem} label={LABEL[locale](CUSTOMER_LIMITS.unit)} value={value} onChange={onChange} autoComplete="address-line2" maxLength={CUSTOMER_LIMITS.unit} />;
}
