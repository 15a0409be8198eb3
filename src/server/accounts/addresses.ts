// A diner's saved delivery details: up to 5 addresses, each with who receives the order (name, phone,
// e-mail). They fill the checkout in the diner's browser and are kept here only; Square and DoorDash see
// one of them only when the diner places a delivery order with it (as any typed address). The diner's own
// name and phone are kept on the account (the phone also finds their Square profile at linking).
import { randomUUID } from "node:crypto";
import type { SavedAddressInput } from "../../domain/account.schema";
import { toE164 } from "../../domain/checkoutCustomer";
import { db } from "../platform/database";
import { NotFound, RuleBroken, said } from "../platform/errors";
import { sql } from "../platform/sql";
import { requireFreshDinerProof, type Diner } from "./sessions";

export const ADDRESS_LIMIT = 5;

export interface SavedAddress extends SavedAddressInput {
  id: string;
}

interface AddressRow {
  id: string;
  label: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  unit: string;
  city: string;
  state: string;
  zip_code: string;
  delivery_notes: string;
}

const fromRow = (row: AddressRow): SavedAddress => ({
  id: row.id,
  label: row.label,
  name: row.name,
  phone: row.phone,
  email: row.email,
  address: row.address,
  unit: row.unit,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
  deliveryNotes: row.delivery_notes,
});

/** The diner's addresses, the last saved or edited first (the checkout offers the first). */
export async function listAddresses(accountId: string): Promise<SavedAddress[]> {
  const rows = await db.all<AddressRow>(sql`
    SELECT id, label, name, phone, email, address, unit, city, state, zip_code, delivery_notes
    FROM diner_addresses WHERE account_id = ${accountId}::uuid ORDER BY updated_at DESC, created_at DESC`);
  return rows.map(fromRow);
}

/** Saves a new address; the sixth is refused (422) and nothing is written. */
export async function addAddress(diner: Diner, input: SavedAddressInput): Promise<SavedAddress> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    // One add at a time per account: two tabs cannot both take the fifth place.
    await tx.run(sql`SELECT id FROM diner_accounts WHERE id = ${diner.accountId}::uuid FOR UPDATE`);
    const count = await tx.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM diner_addresses WHERE account_id = ${diner.accountId}::uuid`);
    if ((count?.n ?? 0) >= ADDRESS_LIMIT) throw new RuleBroken(said("account_addresses_full"));
    await tx.run(sql`
      INSERT INTO diner_addresses (id, account_id, label, name, phone, email, address, unit, city, state, zip_code, delivery_notes)
      VALUES (${id}::uuid, ${diner.accountId}::uuid, ${input.label}, ${input.name}, ${input.phone}, ${input.email}, ${input.address},
              ${input.unit}, ${input.city}, ${input.state}, ${input.zipCode}, ${input.deliveryNotes})`);
  });
  return { id, ...input };
}

/** Our address ids are UUIDs: anything else is no address of the diner's (never a database error). */
function assertAddressId(id: string): void {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new NotFound(said("account_address_not_found"));
}

export async function updateAddress(diner: Diner, id: string, input: SavedAddressInput): Promise<SavedAddress> {
  assertAddressId(id);
  const changed = await db.one<{ id: string }>(sql`
    UPDATE diner_addresses SET label = ${input.label}, name = ${input.name}, phone = ${input.phone}, email = ${input.email},
      address = ${input.address}, unit = ${input.unit}, city = ${input.city}, state = ${input.state}, zip_code = ${input.zipCode},
      delivery_notes = ${input.deliveryNotes}, updated_at = now()
    WHERE id = ${id}::uuid AND account_id = ${diner.accountId}::uuid RETURNING id`);
  if (!changed) throw new NotFound(said("account_address_not_found"));
  return { id, ...input };
}

export async function removeAddress(diner: Diner, id: string): Promise<void> {
  assertAddressId(id);
  const removed = await db.one<{ id: string }>(sql`DELETE FROM diner_addresses WHERE id = ${id}::uuid AND account_id = ${diner.accountId}::uuid RETURNING id`);
  if (!removed) throw new NotFound(said("account_address_not_found"));
}

/** The diner's name and phone (kept as E.164, or none): a link to Square not made yet searches by it after the e-mail. */
export async function updateProfile(diner: Diner, input: { name: string; phone: string }): Promise<{ name: string; phone: string | null }> {
  const phone = input.phone ? toE164(input.phone) : null;
  // A new phone (or none) needs fresh proof: a phone left signed in must not redirect what the phone receives.
  const current = await db.one<{ phone: string | null }>(sql`SELECT phone FROM diner_accounts WHERE id = ${diner.accountId}::uuid`);
  if ((current?.phone ?? null) !== phone) requireFreshDinerProof(diner, Date.now(), false);
  await db.run(sql`UPDATE diner_accounts SET name = ${input.name}, phone = ${phone} WHERE id = ${diner.accountId}::uuid`);
  return { name: input.name, phone };
}

/** What the checkout fills in for a signed-in diner: their own details and saved addresses. */
export async function checkoutDetails(diner: Diner): Promise<{ diner: { name: string; email: string; phone: string }; addresses: SavedAddress[] }> {
  const row = await db.one<{ phone: string | null }>(sql`SELECT phone FROM diner_accounts WHERE id = ${diner.accountId}::uuid`);
  return { diner: { name: diner.name, email: diner.email, phone: row?.phone ?? "" }, addresses: await listAddresses(diner.accountId) };
}
