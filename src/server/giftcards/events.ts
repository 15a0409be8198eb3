// Square's notifications about gift cards (gift_card.created/updated, gift_card.activity.created/updated),
// verified and claimed once by the webhook receiver: a card spent or reloaded at the counter, deactivated
// or blocked in the Dashboard shows here; an activation this site made but did not hear back finishes its sale.
import type { NotificationType } from "../square";
import * as z from "../../domain/zod";
import type { GiftCardState } from "../../domain/giftCards";
import { noteActivated, noteCardState, saleOfGiftCard } from "./saleRecords";
import { noteGiftCardBalance } from "../orders";

const money = z.object({ amount: z.coerce.number().int().nonnegative() }).nullish();
const STATES = ["PENDING", "ACTIVE", "DEACTIVATED", "BLOCKED"] as const;

const cardSchema = z.object({
  gift_card: z.object({ id: z.string().min(1), state: z.enum(STATES).nullish(), balance_money: money, gan: z.string().nullish() }),
});

const activitySchema = z.object({
  gift_card_activity: z.object({
    id: z.string().min(1),
    type: z.string(),
    gift_card_id: z.string().min(1),
    gift_card_balance_money: money,
    activate_activity_details: z.object({ order_id: z.string().nullish() }).nullish(),
    redeem_activity_details: z.object({ payment_id: z.string().nullish() }).nullish(),
  }),
});

/** Applies one gift card notification (its `data.object`); answers what was done, for the events log. */
export async function applyGiftCardEvent(type: string, object: unknown): Promise<string> {
  if (type === "gift_card.created" || type === "gift_card.updated") {
    const parsed = cardSchema.safeParse(object);
    if (!parsed.success) return "ignored: unreadable gift card";
    const card = parsed.data.gift_card;
    const known = await noteCardState(card.id, (card.state ?? null) as GiftCardState | null, card.balance_money?.amount ?? null);
    return known ? `applied: card ${card.state ?? "changed"}` : "ignored: not a card sold here";
  }
  const parsed = activitySchema.safeParse(object);
  if (!parsed.success) return "ignored: unreadable gift card activity";
  const activity = parsed.data.gift_card_activity;
  // A card that paid an order here: its receipt says what is left on it (any card, sold here or not).
  const redeemed = activity.type === "REDEEM" ? activity.redeem_activity_details?.payment_id : null;
  const onReceipt = redeemed && activity.gift_card_balance_money ? await noteGiftCardBalance(redeemed, activity.gift_card_balance_money.amount) : false;
  const sale = await saleOfGiftCard(activity.gift_card_id);
  if (!sale) return onReceipt ? "applied: balance on the order's receipt" : "ignored: not a card sold here";
  const balance = activity.gift_card_balance_money?.amount ?? null;
  if (activity.type === "ACTIVATE" && sale.status === "paid" && activity.activate_activity_details?.order_id === sale.order?.orderId) {
    await noteActivated(sale.id, { id: activity.gift_card_id, gan: "", state: "ACTIVE", balanceCents: balance ?? sale.amountCents });
    return "applied: sale activated";
  }
  await noteCardState(activity.gift_card_id, null, balance);
  return `applied: ${activity.type.toLowerCase()} balance ${balance ?? "unchanged"}`;
}

/** Square's gift card notifications: a card spent at the counter, an activation heard back. */
export const giftCardNotificationTypes: NotificationType[] = [
  { types: (type) => type.startsWith("gift_card."), apply: (event) => applyGiftCardEvent(event.type, event.data?.object) },
];
