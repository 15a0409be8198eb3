// What makes an order line one line: a dish with its chosen options and its note, and how long the
// notes may be. Apart from the option rules (./dishOptions) so that the cart, on every page, carries
// only these few lines.

export interface ChosenOption {
  groupId: string;
  optionId: string;
  quantity: number;
}

/** A line's special instruction ("no onions"), and the whole order's note for the kitchen. */
export const LINE_NOTE_MAX = 200;
export const ORDER_NOTE_MAX = 500;

/**
 * The same dish with the same options and note is one cart line; any difference makes another. The
 * key lists choices in a fixed order, so the order they were ticked in does not matter.
 */
export function lineKey(dishId: number, chosen: readonly ChosenOption[], note = ""): string {
  const options = [...chosen]
    .sort((a, b) => a.groupId.localeCompare(b.groupId) || a.optionId.localeCompare(b.optionId))
    .map((c) => `${c.groupId}:${c.optionId}x${c.quantity}`)
    .join(",");
  return `${dishId}|${options}|${note.trim()}`;
}
