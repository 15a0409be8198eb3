// A diner's cards on file, kept by Square on the diner's Square customer (the Cards API); the site stores
// no card data, only asks Square: ListCards by customer_id to show "Visa •••• 1111", CreateCard with the
// payment form's token and the buyer's verification for storing (intent STORE), DisableCard to remove one.
// A card on file pays as a payment's source_id with the same customer_id (the payment path already sends
// the signed-in diner's). Saving costs Square calls: it is counted per account, per network and site-wide,
// the diner's own limits first, and takes places of its own (never the charges').
import { randomUUID } from "node:crypto";
import { db } from "../platform/database";
import { NotFound, ProviderUnavailable, RuleBroken, said, TooManyAttempts, Unavailable } from "../platform/errors";
import { log } from "../platform/http";
import { clientKey, countAttempt } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { squareClient, squareConfig, squareSdk } from "../platform/squareClient";
import type { CardOnFile } from "../../domain/savedCards";
import type { Diner } from "./sessions";
import { linkSquareCustomer } from "./squareCustomer";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Cards one account may save in a day; one network; the whole site (an owner's alarm past it). */
export const CARD_SAVE_LIMITS = { account: 5, network: 20, site: 500 } as const;

export type SavedCard = CardOnFile;

interface SquareCardShape {
  id?: string;
  cardBrand?: string;
  last4?: string;
  expMonth?: bigint | number | null;
  expYear?: bigint | number | null;
  customerId?: string | null;
  enabled?: boolean;
}

const viewOf = (card: SquareCardShape): SavedCard => ({
  id: card.id ?? "",
  brand: card.cardBrand ?? "OTHER_BRAND",
  last4: card.last4 ?? "",
  expMonth: card.expMonth === null || card.expMonth === undefined ? null : Number(card.expMonth),
  expYear: card.expYear === null || card.expYear === undefined ? null : Number(card.expYear),
});

/** The diner's Square customer, linked now if it was not yet; null when Square is not configured or not reachable. */
async function customerOf(diner: Diner): Promise<string | null> {
  const read = () => db.one<{ square_customer_id: string | null }>(sql`SELECT square_customer_id FROM diner_accounts WHERE id = ${diner.accountId}::uuid`);
  const row = await read();
  if (row?.square_customer_id) return row.square_customer_id;
  if (!squareConfig()) return null;
  await linkSquareCustomer(diner.accountId);
  return (await read())?.square_customer_id ?? null;
}

// A card kept on the diner's customer is the customer's business: never a place the charges need.
const client = () => squareClient("customer");

/** Square's failure as the API's answer: its refusal of the card, or Square unavailable (never Square's words). */
async function failureOf(error: unknown): Promise<Error> {
  const { SquareError } = await squareSdk();
  if (error instanceof SquareError && error.statusCode !== undefined && error.statusCode < 500 && error.statusCode !== 429) {
    const codes = (error.errors ?? []).map((problem) => problem.code);
    log("warn", "square refused a card on file", { status: error.statusCode, codes });
    return new RuleBroken(said("card_on_file_refused"));
  }
  log("warn", "square did not answer a card-on-file call", { status: error instanceof SquareError ? (error.statusCode ?? null) : null });
  return new ProviderUnavailable(said("card_on_file_unavailable"));
}

/** The diner's enabled cards on file, as Square lists them (none when the account has no Square customer yet). */
export async function listSavedCards(diner: Diner): Promise<SavedCard[]> {
  const row = await db.one<{ square_customer_id: string | null }>(sql`SELECT square_customer_id FROM diner_accounts WHERE id = ${diner.accountId}::uuid`);
  if (!row?.square_customer_id || !squareConfig()) return [];
  try {
    const cards: SavedCard[] = [];
    for await (const card of await (await client()).cards.list({ customerId: row.square_customer_id, includeDisabled: false })) {
      if (card.enabled !== false && card.customerId === row.square_customer_id) cards.push(viewOf(card));
    }
    return cards;
  } catch (error) {
    throw await failureOf(error);
  }
}

/** Counts one save on the account, then its network, then the site: a refusal spends nothing shared. */
async function countSave(diner: Diner, address: string, now = Date.now()): Promise<void> {
  const over = (count: number, limit: number) => count > limit;
  const account = await countAttempt("card-save-account", diner.accountId, DAY_MS, now);
  if (over(account.count, CARD_SAVE_LIMITS.account)) throw new TooManyAttempts(said("card_on_file_too_many"), (account.window_start.getTime() + DAY_MS - now) / 1000);
  const network = await countAttempt("card-save-network", clientKey(address), DAY_MS, now);
  if (over(network.count, CARD_SAVE_LIMITS.network)) throw new TooManyAttempts(said("card_on_file_too_many"), (network.window_start.getTime() + DAY_MS - now) / 1000);
  const site = await countAttempt("card-save-site", "site", DAY_MS, now);
  if (over(site.count, CARD_SAVE_LIMITS.site)) {
    log("error", "the site's daily budget of saved cards is spent: saving is refused until tomorrow", { limit: CARD_SAVE_LIMITS.site });
    throw new TooManyAttempts(said("card_on_file_too_many"), (site.window_start.getTime() + DAY_MS - now) / 1000);
  }
}

/**
 * Saves the card the payment form tokenized (`sourceId`, with `verificationToken` from verifyBuyer's STORE
 * check) to the diner's Square customer and answers it as shown.
 */
export async function saveCard(diner: Diner, input: { sourceId: string; verificationToken?: string }, address: string): Promise<SavedCard> {
  const customerId = await customerOf(diner);
  if (!customerId) throw new Unavailable(said("card_on_file_unavailable"));
  await countSave(diner, address);
  try {
    const { card } = await (await client()).cards.create({
      idempotencyKey: randomUUID(),
      sourceId: input.sourceId,
      ...(input.verificationToken ? { verificationToken: input.verificationToken } : {}),
      card: { customerId, ...(diner.name ? { cardholderName: diner.name.slice(0, 96) } : {}), referenceId: diner.accountId },
    });
    if (!card?.id) throw new ProviderUnavailable(said("card_on_file_unavailable"));
    return viewOf(card);
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw error;
    throw await failureOf(error);
  }
}

/** Removes one of the diner's cards (DisableCard); another diner's card, or one Square does not know, is 404. */
export async function removeCard(diner: Diner, cardId: string): Promise<void> {
  const cards = await listSavedCards(diner);
  if (!cards.some((card) => card.id === cardId)) throw new NotFound(said("card_on_file_not_found"));
  try {
    await (await client()).cards.disable({ cardId });
  } catch (error) {
    throw await failureOf(error);
  }
}
