// Square's notification types and who applies each: a registry the rooms fill in (their lists are joined
// in src/server/participants.ts), so the webhook names no room. Every entry whose types take an event
// applies it, in the list's order; their outcomes are joined for the log and the event's row.
import type { SquareEvent } from "./squareEvent";

export interface ReceiveOptions {
  /** Work that may finish after the answer (the catalogue sync after its quiet time). */
  later?: (work: Promise<unknown>) => void;
}

export interface NotificationType {
  /** The event types applied: names, or a test of the name (a family such as gift_card.*). */
  types: readonly string[] | ((type: string) => boolean);
  /**
   * What happened, in a few words; null when this entry had nothing to do with the event after all.
   * `earlier`: the outcomes of the entries before it (a room following up on another's change).
   */
  apply(event: SquareEvent, options: ReceiveOptions, earlier: readonly string[]): Promise<string | null>;
}

const registered: NotificationType[] = [];

export function registerNotificationTypes(types: readonly NotificationType[]): void {
  for (const type of types) if (!registered.includes(type)) registered.push(type);
}

/** Applies the event by every entry that takes its type; "ignored" when none does. */
export async function applyNotification(event: SquareEvent, options: ReceiveOptions, own: readonly NotificationType[]): Promise<string> {
  const outcomes: string[] = [];
  for (const entry of [...own, ...registered]) {
    const takes = typeof entry.types === "function" ? entry.types(event.type) : entry.types.includes(event.type);
    if (!takes) continue;
    const outcome = await entry.apply(event, options, outcomes);
    if (outcome !== null) outcomes.push(outcome);
  }
  return outcomes.length > 0 ? outcomes.join("; ") : `ignored: ${event.type} is not followed`;
}
