// Selling an e-gift card, as Square's Orders API walkthrough does it: an order with a GIFT_CARD line,
// its payment, then CreateGiftCard (DIGITAL) and an ACTIVATE activity naming the order and its line.
// Every step is idempotent under keys derived from the buyer's attempt: twins with one key make one card
// and one charge. A sale charged but not activated (Square failed after the charge) is answered as
// "paid" and finished by the worker (finishUnfinishedSales), never charged again.
import { createHash, randomBytes } from "node:crypto";
import { noteDecline, refuseDeclinedClient } from "../orders";
import { needsBankCheck, declinedByBank } from "../payments";
import { CardDeclined, KeyReused, RuleBroken, said } from "../platform/errors";
import { log } from "../platform/http";
import { giftCardProvider, type GiftCardProvider } from "./provider";
import {
  claimSale,
  getSale,
  noteActivated,
  noteCard,
  notePaid,
  noteRefused,
  noteSaleOrder,
  noteFinishFailed,
  unfinishedSales,
  type SaleRecord,
} from "./saleRecords";

export interface SaleRequest {
  amountCents: number;
  buyer: { name: string; email: string };
  recipient: { name: string; email: string };
  message: string;
  /** The card or wallet token from the payment form. Never stored, never logged. */
  paymentToken: string;
  verificationToken?: string;
  locale: "en" | "es";
  /** The buyer's address: its network's decline limits, as an order's (../orders/orderAttempts.ts). */
  client: string;
}

const SALE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** "GC-7K2M9QXA": short enough to read out on the phone, never a guessable sequence. */
function newSaleId(): string {
  return `GC-${Array.from(randomBytes(8), (byte) => SALE_ALPHABET[byte % SALE_ALPHABET.length]).join("")}`;
}

/** What the attempt asks for (the token aside: a retry may carry a fresh one). */
function fingerprintOf(request: SaleRequest): string {
  const { amountCents, buyer, recipient, message } = request;
  return createHash("sha256")
    .update(JSON.stringify([amountCents, buyer.name, buyer.email.toLowerCase(), recipient.name, recipient.email.toLowerCase(), message]))
    .digest("base64url");
}

export interface SaleOutcome {
  sale: SaleRecord;
  /** Whether this request made the sale (201) or found it made by an earlier one with its key (200). */
  created: boolean;
}

/**
 * The card-testing controls an order passes, before anything is stored or Square is asked: the network's
 * (and its /24's) decline limits and the site-wide brake, and, with Square, the bank's check (verifyBuyer)
 * of every card: a stolen card that passes would mail a spendable card number to any address. Wallets
 * authenticate the buyer themselves. TEST MODE's sandbox has no bank to ask.
 */
async function assertCardTestingControls(request: SaleRequest, provider: GiftCardProvider): Promise<void> {
  const payment = { paymentToken: request.paymentToken, verificationToken: request.verificationToken };
  // With Square every card needs the check, brake or not: a gift card's token from the giftCard() field
  // too (a gift card never buys a gift card), so the brake never asks Square about a sale's token.
  await refuseDeclinedClient(request.client, payment, { askSquare: provider.kind !== "square" });
  if (provider.kind === "square" && needsBankCheck(payment)) throw new RuleBroken(said("verification_required"));
}

export async function sellGiftCard(key: string, request: SaleRequest): Promise<SaleOutcome> {
  const provider = await giftCardProvider();
  await assertCardTestingControls(request, provider);
  const claimed = await claimSale({
    id: newSaleId(),
    idempotencyKey: key,
    fingerprint: fingerprintOf(request),
    provider: provider.kind,
    amountCents: request.amountCents,
    buyerName: request.buyer.name,
    buyerEmail: request.buyer.email,
    recipientName: request.recipient.name,
    recipientEmail: request.recipient.email,
    message: request.message,
    locale: request.locale,
  });
  let sale = claimed.sale;
  if (sale.fingerprint !== fingerprintOf(request) || sale.provider !== provider.kind) throw new KeyReused(said("key_reused_payment"));
  if (sale.status === "activated") return { sale, created: false };

  if (sale.status === "pending" || sale.status === "failed") {
    const order = sale.order ?? (await provider.createSaleOrder(key, sale.id, sale.amountCents));
    if (!sale.order) await noteSaleOrder(sale.id, order);
    try {
      const { paymentId } = await provider.paySaleOrder(key, order, sale.id, sale.amountCents, {
        source: request.paymentToken,
        verificationToken: request.verificationToken,
        buyerEmail: request.buyer.email,
      });
      await notePaid(sale.id, paymentId);
    } catch (error) {
      if (error instanceof CardDeclined) {
        await noteRefused(sale.id, error.reason);
        // Counted as an order's decline is: the network, its /24 and, for a bank's, the brake.
        await noteDecline(request.client, declinedByBank(error));
      }
      throw error;
    }
    sale = (await getSale(sale.id))!;
  }
  sale = await finishSale(provider, sale);
  return { sale, created: claimed.created };
}

/**
 * Issues and activates the card of a paid sale. Never throws: a failure is noted and left to the worker,
 * since the buyer has paid and the card will follow.
 */
export async function finishSale(provider: GiftCardProvider, sale: SaleRecord): Promise<SaleRecord> {
  if (sale.status !== "paid" || !sale.order) return sale;
  try {
    const card = sale.giftCardId ? await provider.cardById(sale.giftCardId) : await provider.createCard(sale.idempotencyKey);
    if (!sale.giftCardId) await noteCard(sale.id, card);
    const active = card.state === "ACTIVE" ? card : await provider.activate(sale.idempotencyKey, card.id, sale.order);
    await noteActivated(sale.id, active);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log("error", "gift card paid but not yet activated; the worker will finish it", { saleId: sale.id, reason });
    await noteFinishFailed(sale.id, reason).catch(() => undefined);
  }
  return (await getSale(sale.id))!;
}

/** The worker's round: paid sales without an active card after `olderThanSeconds` are finished now. */
export async function finishUnfinishedSales(olderThanSeconds = 60): Promise<{ finished: number; left: number }> {
  const waiting = await unfinishedSales(olderThanSeconds);
  if (waiting.length === 0) return { finished: 0, left: 0 };
  const provider = await giftCardProvider();
  let finished = 0;
  for (const sale of waiting) {
    const after = await finishSale(provider, sale);
    if (after.status === "activated") finished += 1;
  }
  return { finished, left: waiting.length - finished };
}
