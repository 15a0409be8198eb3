// Contact messages sent from the home page's form: rows of contact_messages, listed newest first and
// marked handled by staff in the admin console.
import { randomUUID } from "node:crypto";
import type { ContactMessage, StoredContactMessage } from "../../domain/contactMessage.schema";
import { CONTACT_COPIES_PER_HOUR } from "../../domain/contactForm";
import { db } from "../platform/database";
import type { RateLimitRule } from "../platform/rateLimit";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "../audit";

export type { StoredContactMessage } from "../../domain/contactMessage.schema";

/** 5 messages per 10 minutes per client is plenty for a person and little for a script. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { bucket: "contact", limit: 5, windowMs: 10 * 60 * 1000 };

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface MessageRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  message: string;
  created_at: Date;
  handled: boolean;
  handled_at: Date | null;
  copy_held: boolean;
}

function messageOf(row: MessageRow): StoredContactMessage {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.created_at.toISOString(),
    handled: row.handled,
    ...(row.handled_at ? { handledAt: row.handled_at.toISOString() } : {}),
    ...(row.copy_held ? { copyHeld: true } : {}),
  };
}

/**
 * Stores a checked message; the database queues its e-mail copy to the restaurant (mail_on_contact_message)
 * unless CONTACT_COPIES_PER_HOUR copies were queued in the last hour, when it is kept with `copy_held`
 * for the console to show, not e-mailed. `now` is the real clock, not serverNow(): RESTAURANT_CLOCK fixes
 * opening hours for demos, but when a message arrived is a fact staff rely on.
 */
export async function saveMessage(input: ContactMessage, now = new Date()): Promise<StoredContactMessage> {
  return db.transaction(async (tx) => {
    // One message at a time past this point, so two at once never both take the hour's last copy.
    await tx.run(sql`SELECT pg_advisory_xact_lock(hashtext('contact_copies_per_hour'))`);
    const copies = await tx.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'staff_contact_message' AND created_at > now() - interval '1 hour'`);
    const held = (copies?.n ?? 0) >= CONTACT_COPIES_PER_HOUR;
    const row = await tx.one<MessageRow>(sql`
      INSERT INTO contact_messages (id, first_name, last_name, email, phone, message, created_at, copy_held)
      VALUES (${randomUUID()}, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone}, ${input.message}, ${now}, ${held})
      RETURNING *`);
    return messageOf(row!);
  });
}

/** One message by its id, or null. */
export async function getMessage(id: string): Promise<StoredContactMessage | null> {
  if (!ID_SHAPE.test(id)) return null;
  const row = await db.one<MessageRow>(sql`SELECT * FROM contact_messages WHERE id = ${id}`);
  return row ? messageOf(row) : null;
}

export interface ListMessagesOptions {
  /** At most this many, newest first (default 50). */
  limit?: number;
  /** Messages received before this instant: the next page after the last one shown. */
  before?: Date;
}

/** Stored messages, newest first, a page at a time. */
export async function listMessages(options: ListMessagesOptions = {}): Promise<StoredContactMessage[]> {
  const limit = Math.max(0, Math.min(options.limit ?? 50, 500));
  const rows = await db.all<MessageRow>(sql`
    SELECT * FROM contact_messages
    WHERE ${options.before ?? null}::timestamptz IS NULL OR created_at < ${options.before ?? null}::timestamptz
    ORDER BY created_at DESC LIMIT ${limit}`);
  return rows.map(messageOf);
}

/**
 * Sets a message's handled flag. Returns the updated record, or null when there is no message
 * with that id (the caller answers 404). A person's change writes its activity row in the same transaction.
 */
export async function markHandled(id: string, handled: boolean, now = new Date(), actor?: ActivityActor): Promise<StoredContactMessage | null> {
  if (!ID_SHAPE.test(id)) return null;
  return db.transaction(async (tx) => {
    const before = await tx.one<{ handled: boolean }>(sql`SELECT handled FROM contact_messages WHERE id = ${id} FOR UPDATE`);
    if (!before) return null;
    const row = await tx.one<MessageRow>(sql`
      UPDATE contact_messages SET handled = ${handled}, handled_at = ${now} WHERE id = ${id} RETURNING *`);
    const message = messageOf(row!);
    if (actor) {
      // By id only: the log outlives the message, and keeps no customer's address.
      await recordActivity(actor, { action: "message.handled", target: id, before: { handled: before.handled }, after: { handled } }, tx);
    }
    return message;
  });
}
