// Contact messages sent from the home page's form: stored one blob per message in the "messages"
// store, listed newest first and flagged as handled by staff in the admin console.
//
// Record (see StoredContactMessage in src/domain/contact.ts):
//   { id: string (UUID), firstName, lastName, email: string, phone: string | null, message: string,
//     createdAt: ISO 8601 instant, handled: boolean, handledAt?: ISO 8601 instant }
// Key: `<createdAt>-<id>`, e.g. "2026-11-21T18:04:05.123Z-3f0c...": keys sort by time and a day
// prefix ("2026-11-21") lists one day's messages. One key per message, so writers never race.
import { randomUUID } from "node:crypto";
import { storedContactMessageSchema, type ContactMessage, type StoredContactMessage } from "../domain/contactMessage.schema";
import { log } from "./http";
import type { RateLimitRule } from "./rateLimit";
import { createJSON, store, updateJSON } from "./stores";

export type { StoredContactMessage } from "../domain/contactMessage.schema";

/** 5 messages per 10 minutes per client is plenty for a person and little for a script. */
export const CONTACT_RATE_LIMIT: RateLimitRule = { bucket: "contact", limit: 5, windowMs: 10 * 60 * 1000 };

const ID_SHAPE = /^[0-9a-f-]{36}$/;

function keyOf(message: Pick<StoredContactMessage, "createdAt" | "id">): string {
  return `${message.createdAt}-${message.id}`;
}

/**
 * Stores a checked message. `now` is the real clock, not serverNow(): RESTAURANT_CLOCK fixes
 * opening hours for demos, but when a message arrived is a fact staff rely on.
 */
export async function saveMessage(input: ContactMessage, now = new Date()): Promise<StoredContactMessage> {
  const record: StoredContactMessage = {
    id: randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    message: input.message,
    createdAt: now.toISOString(),
    handled: false,
  };
  // A fresh UUID never collides; onlyIfNew makes sure a record is never overwritten anyway.
  if (!(await createJSON("messages", keyOf(record), record))) throw new Error("message key already taken");
  return record;
}

export interface ListMessagesOptions {
  /** Only messages whose key starts with this, e.g. a day "2026-11-21" or a month "2026-11". */
  prefix?: string;
  /** At most this many, newest first (default 200). */
  limit?: number;
}

/** Stored messages, newest first. A corrupt record is logged (by key) and skipped. */
export async function listMessages(options: ListMessagesOptions = {}): Promise<StoredContactMessage[]> {
  const { prefix, limit = 200 } = options;
  const messages = store("messages");
  const { blobs } = await messages.list(prefix ? { prefix } : {});
  const keys = blobs
    .map((blob) => blob.key)
    .sort()
    .reverse()
    .slice(0, Math.max(0, limit));
  const records = await Promise.all(keys.map((key) => messages.get(key, { type: "json" }).catch(() => null)));
  const valid: StoredContactMessage[] = [];
  records.forEach((record, index) => {
    const parsed = storedContactMessageSchema.safeParse(record);
    if (parsed.success) valid.push(parsed.data);
    else log("warn", "skipping an unreadable contact message", { key: keys[index] });
  });
  return valid;
}

/** Finds the key of a message by its id (keys start with the time, so this lists the store). */
async function keyOfId(id: string): Promise<string | undefined> {
  if (!ID_SHAPE.test(id)) return undefined;
  const { blobs } = await store("messages").list();
  return blobs.find((blob) => blob.key.endsWith(`-${id}`))?.key;
}

class MessageGone extends Error {}

/**
 * Sets a message's handled flag. Returns the updated record, or null when there is no message
 * with that id (the caller answers 404).
 */
export async function markHandled(id: string, handled: boolean, now = new Date()): Promise<StoredContactMessage | null> {
  const key = await keyOfId(id);
  if (!key) return null;
  try {
    return await updateJSON<StoredContactMessage>("messages", key, (current) => {
      const parsed = storedContactMessageSchema.safeParse(current);
      if (!parsed.success) throw new MessageGone();
      return { ...parsed.data, handled, handledAt: now.toISOString() };
    });
  } catch (error) {
    if (error instanceof MessageGone) return null;
    throw error;
  }
}
