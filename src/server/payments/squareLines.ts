// What Square receives of the dishes as they were ordered: each line with its modifiers (catalogue
// ids once the menu is synced, else a name and a price of their own) and its special instruction,
// and the order's note on the kitchen ticket. The tip is the payment's, never a line: tax is never
// charged on it.
import type { Square } from "square";
import { basePriceCents, type ChargeLine } from "./gateway";

/** Square keeps a fulfillment's note to 500 characters. */
const TICKET_NOTE_LIMIT = 500;

const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: "USD" });

export function squareLineItem(line: ChargeLine): Square.OrderLineItem {
  const modifiers = (line.modifiers ?? []).map(
    (modifier): Square.OrderLineItemModifier =>
      modifier.catalogObjectId
        ? { catalogObjectId: modifier.catalogObjectId, quantity: String(modifier.quantity) }
        : { name: modifier.name, basePriceMoney: usd(modifier.priceCents), quantity: String(modifier.quantity) },
  );
  return {
    quantity: String(line.quantity),
    ...(line.catalogObjectId
      ? { catalogObjectId: line.catalogObjectId }
      : // Square adds the modifiers to the base price itself: the base is the dish alone.
        { name: line.name, basePriceMoney: usd(basePriceCents(line)) }),
    ...(modifiers.length > 0 ? { modifiers } : {}),
    ...(line.note ? { note: line.note } : {}),
  };
}

/** The fulfillment with the diner's order note first on the ticket the kitchen reads. */
export function orderNoteOnTicket<F extends { pickupDetails?: { note?: string | null } }>(fulfillment: F, orderNote = ""): F {
  if (!orderNote || !fulfillment.pickupDetails) return fulfillment;
  const note = [`Customer note: ${orderNote}`, fulfillment.pickupDetails.note].filter(Boolean).join("\n");
  return {
    ...fulfillment,
    pickupDetails: {
      ...fulfillment.pickupDetails,
      note: note.length > TICKET_NOTE_LIMIT ? `${note.slice(0, TICKET_NOTE_LIMIT - 1)}…` : note,
    },
  };
}
