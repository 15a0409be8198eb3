// The order e-mails' "Paid with" line, in the diner's language: each tender as the receipt names it
// ("Visa •••• 4242", "Apple Pay", "Gift card •••• 6073 · $12.50 left"). Nothing while unknown.
import { Text } from "@react-email/text";
import type { Locale } from "../../domain/i18n/locales";
import type { OrderView } from "../../domain/orderReadModel";
import { paidWithText, tenderText } from "../../domain/tenders";
import { styles } from "./layout";

export function PaidWith({ order, locale }: { order: OrderView; locale: Locale }) {
  const tenders = order.tenders ?? [];
  if (tenders.length === 0) return null;
  return <Text style={styles.row}>{paidWithText(locale)}: {tenders.map((tender) => tenderText(tender, locale)).join(" + ")}</Text>;
}
