// The offers the owner runs: read, created and edited in the console, each change in the activity log
// (in the change's own transaction), each with what it has done so far (uses, the discount given, the
// first-time diners it won).
import { randomBytes, randomInt } from "node:crypto";
import { CODE_ALPHABET, normalizeCode, offerProblems, type Offer, type OfferInput, type OfferPatch, type OfferStats } from "../../domain/offer.schema";
import { recordActivity, type ActivityActor } from "../audit";
import { db, type Queries } from "../platform/database";
import { Conflict, InvalidRequest, NotFound } from "../platform/errors";
import { sql } from "../platform/sql";
import { findMenuItems } from "../content";

export interface OfferRow {
  id: string;
  code: string;
  kind: Offer["kind"];
  percent: number | null;
  amount_cents: number | null;
  free_dish_id: string | null;
  scope: Offer["scope"];
  dish_ids: string[];
  min_subtotal_cents: number;
  starts_at: string | null;
  ends_at: string | null;
  total_cap: number | null;
  per_diner_cap: number | null;
  first_order_only: boolean;
  single_use: boolean;
  label_en: string;
  label_es: string;
  paused: boolean;
  combines_with_rewards: boolean;
  created_at: Date;
  updated_at: Date;
}

/** An offer's fields as the API speaks them (no stats). */
export function inputOf(row: OfferRow): OfferInput {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent ?? undefined,
    amountCents: row.amount_cents ?? undefined,
    freeDishId: row.free_dish_id ?? undefined,
    scope: row.scope,
    dishIds: row.dish_ids ?? [],
    minSubtotalCents: row.min_subtotal_cents,
    startsAt: row.starts_at ?? undefined,
    endsAt: row.ends_at ?? undefined,
    totalCap: row.total_cap ?? undefined,
    perDinerCap: row.per_diner_cap ?? undefined,
    firstOrderOnly: row.first_order_only,
    singleUse: row.single_use,
    labelEn: row.label_en,
    labelEs: row.label_es,
    paused: row.paused,
    combinesWithRewards: row.combines_with_rewards,
  };
}

const NO_STATS: OfferStats = { uses: 0, reserved: 0, discountGiven: 0, firstTimeDiners: 0 };

function offerOf(row: OfferRow, stats: OfferStats = NO_STATS): Offer {
  return { id: row.id, ...inputOf(row), createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString(), stats };
}

/** The offer of a code (any capitals), or null. */
export async function offerOfCode(code: string, on: Queries = db): Promise<OfferRow | null> {
  return on.one<OfferRow>(sql`SELECT * FROM offers WHERE code = ${normalizeCode(code)}`);
}

/** Every offer, newest first, with what each has done. */
export async function listOffers(): Promise<Offer[]> {
  const [rows, stats] = await Promise.all([
    db.all<OfferRow>(sql`SELECT * FROM offers ORDER BY created_at DESC, code`),
    db.all<{ offer_id: string; uses: number; reserved: number; discount_given: number; first_time: number }>(sql`
      SELECT offer_id,
             count(*) FILTER (WHERE state = 'redeemed')::int AS uses,
             count(*) FILTER (WHERE state = 'reserved')::int AS reserved,
             coalesce(sum(discount_cents) FILTER (WHERE state = 'redeemed'), 0)::int AS discount_given,
             count(*) FILTER (WHERE state = 'redeemed' AND first_time)::int AS first_time
        FROM offer_uses GROUP BY offer_id`),
  ]);
  const byOffer = new Map(stats.map((row) => [row.offer_id, { uses: row.uses, reserved: row.reserved, discountGiven: row.discount_given, firstTimeDiners: row.first_time }]));
  return rows.map((row) => offerOf(row, byOffer.get(row.id)));
}

/** A code of `length` random characters from the alphabet people read aloud without confusion. */
export function generateCode(length = 10, prefix = ""): string {
  return normalizeCode(prefix) + Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

async function writeRow(tx: Queries, id: string, offer: OfferInput, now: Date): Promise<OfferRow> {
  const row = await tx.one<OfferRow>(sql`
    INSERT INTO offers (id, code, kind, percent, amount_cents, free_dish_id, scope, dish_ids, min_subtotal_cents, starts_at, ends_at,
                        total_cap, per_diner_cap, first_order_only, single_use, label_en, label_es, paused, combines_with_rewards, created_at, updated_at)
    VALUES (${id}, ${offer.code}, ${offer.kind}, ${offer.percent ?? null}, ${offer.amountCents ?? null}, ${offer.freeDishId ?? null}, ${offer.scope},
            ${JSON.stringify(offer.dishIds)}::jsonb, ${offer.minSubtotalCents}, ${offer.startsAt ?? null}, ${offer.endsAt ?? null},
            ${offer.totalCap ?? null}, ${offer.perDinerCap ?? null}, ${offer.firstOrderOnly}, ${offer.singleUse}, ${offer.labelEn}, ${offer.labelEs},
            ${offer.paused}, ${offer.combinesWithRewards}, ${now}, ${now})
    ON CONFLICT (id) DO UPDATE SET code = EXCLUDED.code, kind = EXCLUDED.kind, percent = EXCLUDED.percent, amount_cents = EXCLUDED.amount_cents,
      free_dish_id = EXCLUDED.free_dish_id, scope = EXCLUDED.scope, dish_ids = EXCLUDED.dish_ids, min_subtotal_cents = EXCLUDED.min_subtotal_cents,
      starts_at = EXCLUDED.starts_at, ends_at = EXCLUDED.ends_at, total_cap = EXCLUDED.total_cap, per_diner_cap = EXCLUDED.per_diner_cap,
      first_order_only = EXCLUDED.first_order_only, single_use = EXCLUDED.single_use, label_en = EXCLUDED.label_en, label_es = EXCLUDED.label_es,
      paused = EXCLUDED.paused, combines_with_rewards = EXCLUDED.combines_with_rewards, updated_at = EXCLUDED.updated_at
    RETURNING *`);
  return row!;
}

/** The dishes an offer names must be on the menu: a typo would make a code no diner can ever use. */
async function assertDishesKnown(offer: OfferInput): Promise<void> {
  const named = [...(offer.kind === "free_dish" ? [offer.freeDishId ?? ""] : offer.scope === "dishes" ? offer.dishIds : [])];
  if (named.length === 0) return;
  const ids = named.map(Number);
  const known = new Set((await findMenuItems(ids.filter((id) => Number.isInteger(id) && id > 0))).map((item) => String(item.id)));
  const unknown = named.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new InvalidRequest(`No dish on the menu has the id ${unknown.join(", ")}.`, [{ path: offer.kind === "free_dish" ? "freeDishId" : "dishIds", message: "a dish on the menu" }]);
  }
}

async function assertCodeFree(tx: Queries, code: string, id: string | null): Promise<void> {
  const taken = await tx.one<{ id: string }>(sql`SELECT id FROM offers WHERE code = ${code}`);
  if (taken && taken.id !== id) throw new Conflict(`The code ${code} is already an offer: choose another.`);
}

export async function createOffer(offer: OfferInput, actor: ActivityActor, now = new Date()): Promise<Offer> {
  const id = randomBytes(9).toString("base64url");
  await assertDishesKnown(offer);
  const row = await db.transaction(async (tx) => {
    await assertCodeFree(tx, offer.code, null);
    const written = await writeRow(tx, id, offer, now);
    await recordActivity(actor, { action: "offer.create", target: offer.code, after: offer }, tx);
    return written;
  });
  return offerOf(row);
}

/** An edit (a pause is one): the offer after it must keep every rule, else nothing changes. */
export async function updateOffer(id: string, patch: OfferPatch, actor: ActivityActor, now = new Date()): Promise<Offer> {
  const row = await db.transaction(async (tx) => {
    const current = await tx.one<OfferRow>(sql`SELECT * FROM offers WHERE id = ${id} FOR UPDATE`);
    if (!current) throw new NotFound("No offer has this id.");
    const before = inputOf(current);
    const after: OfferInput = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) };
    if (patch.code) after.code = normalizeCode(patch.code);
    const problems = offerProblems(after);
    if (problems.length > 0) throw new InvalidRequest("Some fields are missing or invalid.", problems.map((problem) => ({ path: problem.path, message: problem.message })));
    await assertCodeFree(tx, after.code, id);
    if (patch.dishIds || patch.freeDishId || patch.kind || patch.scope) await assertDishesKnown(after);
    const written = await writeRow(tx, id, after, now);
    await recordActivity(actor, { action: patch.paused !== undefined && Object.keys(patch).length === 1 ? "offer.pause" : "offer.update", target: after.code, before, after }, tx);
    return written;
  });
  return (await listOffers()).find((offer) => offer.id === row.id) ?? offerOf(row);
}
