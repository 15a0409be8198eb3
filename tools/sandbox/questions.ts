// The short sequences `npm run sandbox:check` runs against Square's sandbox, one per question Square's pages
// leave open, each answering what Square said and which reading of the fakes it matches
// (tests/support/fakeSquareReadings.ts names both readings of each and the pages that leave it open).
// Everything made is small and the sandbox's own: an order of a dollar or two, a test card, an authorization
// cancelled at once. The expected figures are worked out here, apart from the fakes and the site's arithmetic.
import { randomUUID } from "node:crypto";
import type { SquareClient, Square } from "square";
import type { FakeSquareReadings } from "../../tests/support/fakeSquareReadings.ts";

export interface Finding {
  question: string;
  /** What Square answered, in a sentence. */
  answered: string;
  /** The fake switch this question sets, and the reading Square's answer matches (null: neither, or not asked). */
  reading: { name: keyof FakeSquareReadings; value: string } | null;
}

export interface Tokens {
  /** A gift card's token from the sandbox checkout's gift card field (Square's static test token otherwise). */
  giftCardToken?: string;
  /** An Apple Pay, Google Pay or Cash App Pay token from the sandbox checkout. */
  walletToken?: string;
}

const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: "USD" });
const cents = (money: Square.Money | undefined | null) => Number(money?.amount ?? 0);
const key = () => randomUUID();

/** n% of `amount` cents to a whole cent, a half to the even cent (Square's Bankers' Rounding). */
function halfEven(amount: number, percent: number): number {
  const exact = (amount * percent) / 100;
  const floor = Math.floor(exact);
  const rest = exact - floor;
  if (Math.abs(rest - 0.5) < 1e-9) return floor % 2 === 0 ? floor : floor + 1;
  return rest > 0.5 ? floor + 1 : floor;
}

/** What Square's error said, or the error's own words. */
export function refusalOf(error: unknown): string {
  const first = (error as { errors?: { code?: string; detail?: string }[] }).errors?.[0];
  if (first?.code) return `${first.code ?? "ERROR"} (${first.detail ?? "no detail"})`;
  return error instanceof Error ? error.message.split("\n")[0]! : String(error);
}

/** A 10% discount on the whole order of a $9.95 and a $12.95 dish: rounded once for the order, or on each line. */
export async function orderPercentage(client: SquareClient, locationId: string): Promise<Finding> {
  const question = "A 10% discount on an order of $9.95 + $12.95";
  const once = halfEven(995 + 1295, 10);
  const perLine = halfEven(995, 10) + halfEven(1295, 10);
  const { order } = await client.orders.calculate({
    order: {
      locationId,
      lineItems: [{ name: "Dish A", quantity: "1", basePriceMoney: usd(995) }, { name: "Dish B", quantity: "1", basePriceMoney: usd(1295) }],
      discounts: [{ uid: "ten-percent", name: "10% off", type: "FIXED_PERCENTAGE", percentage: "10", scope: "ORDER" }],
    },
  });
  const off = cents(order?.totalDiscountMoney);
  const value = off === once ? "once" : off === perLine ? "per-line" : null;
  return { question, answered: `Square took ${off} cents off (rounded once: ${once}; per line: ${perLine}).`, reading: value ? { name: "orderPercentage", value } : null };
}

/** A $1.00 fixed amount on one line of two $12.95 dishes: off the line once, or off each unit. */
export async function lineFixedAmount(client: SquareClient, locationId: string): Promise<Finding> {
  const question = "A line's $1.00 fixed amount with quantity 2";
  const { order } = await client.orders.calculate({
    order: {
      locationId,
      lineItems: [{ uid: "pair", name: "Dish", quantity: "2", basePriceMoney: usd(1295), appliedDiscounts: [{ discountUid: "dollar-off" }] }],
      discounts: [{ uid: "dollar-off", name: "$1 off", type: "FIXED_AMOUNT", amountMoney: usd(100), scope: "LINE_ITEM" }],
    },
  });
  const off = cents(order?.totalDiscountMoney);
  const value = off === 100 ? "per-line" : off === 200 ? "per-unit" : null;
  return { question, answered: `Square took ${off} cents off the line (once: 100; per unit: 200).`, reading: value ? { name: "lineFixedAmount", value } : null };
}

/** RetrieveGiftCardFromNonce twice on one token: the second answers the card ("reads") or refuses the token ("spends"). */
export async function fromNonceTwice(client: SquareClient, tokens: Tokens): Promise<Finding> {
  const question = "from-nonce twice on one gift card token";
  const nonce = tokens.giftCardToken ?? "cnon:gift-card-nonce-ok";
  const ask = () =>
    client.giftCards.getFromNonce({ nonce }).then(
      (answer) => ({ ok: true as const, text: `a card ending ${answer.giftCard?.gan?.slice(-4) ?? "?"}` }),
      (error: unknown) => ({ ok: false as const, text: refusalOf(error) }),
    );
  const first = await ask();
  const second = await ask();
  const value = first.ok ? (second.ok ? "reads" : "spends") : null;
  const note = tokens.giftCardToken ? "" : " Square's static test token may be reusable by design: pass --gift-card-token from the sandbox checkout for a token as a diner's.";
  return { question, answered: `First: ${first.text}; second: ${second.text}.${note}`, reading: value ? { name: "fromNonce", value } : null };
}

/** A wallet's authorization (autocomplete false), cancelled at once: how Square describes the tender. */
export async function walletAuthorization(client: SquareClient, locationId: string, tokens: Tokens): Promise<Finding> {
  const question = "A wallet's delayed-capture authorization";
  if (!tokens.walletToken) {
    return { question, answered: "Not asked: pass --wallet-token with an Apple Pay, Google Pay or Cash App Pay token made on the sandbox checkout.", reading: null };
  }
  try {
    const { payment } = await client.payments.create({ sourceId: tokens.walletToken, idempotencyKey: key(), amountMoney: usd(100), locationId, autocomplete: false });
    if (payment?.id) await client.payments.cancel({ paymentId: payment.id }).catch(() => undefined);
    const card = payment?.cardDetails?.card;
    const cashtag = payment?.walletDetails?.cashAppDetails?.buyerCashtag;
    const described = `${payment?.status ?? "?"}, source ${payment?.sourceType ?? "?"}${card ? `, a ${card.cardBrand ?? "card"} with${card.fingerprint ? "" : "out"} a fingerprint` : ""}${payment?.walletDetails ? `, wallet ${payment.walletDetails.brand ?? "?"}${cashtag ? ` (${cashtag})` : ""}` : ""}`;
    // The fake: Apple Pay and Google Pay are CARD payments with a card fingerprint, Cash App a WALLET with a cashtag.
    const matches = (payment?.sourceType === "CARD" && Boolean(card?.fingerprint)) || (payment?.sourceType === "WALLET" && Boolean(cashtag));
    return { question, answered: `Square authorized it (cancelled since): ${described}. ${matches ? "The fake models it so." : "The fake models it otherwise: tell the developers."}`, reading: null };
  } catch (error) {
    return { question, answered: `Square refused it: ${refusalOf(error)}.`, reading: null };
  }
}
