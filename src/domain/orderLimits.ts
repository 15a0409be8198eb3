// How much one online order may hold, and what the customer is told beyond it: read by the order
// schema on the server and by the cart in the browser (no zod here, so the cart stays light).

/** Limits that keep one order a restaurant order (and a request small): larger parties call us. */
export const ORDER_LIMITS = {
  maxLines: 40,
  maxQuantityPerLine: 50,
  maxItemsPerOrder: 100,
} as const;

export const LINE_LIMIT_MESSAGE = `at most ${ORDER_LIMITS.maxQuantityPerLine} of one dish per online order; call us for larger orders`;
export const ORDER_LIMIT_MESSAGE = `at most ${ORDER_LIMITS.maxItemsPerOrder} dishes per online order; call us for larger orders`;
export const LINES_LIMIT_MESSAGE = `at most ${ORDER_LIMITS.maxLines} different dishes per online order; call us for larger orders`;
