// The order confirmation page's read of its order, rendered into the page's HTML on request: the same
// read as GET /api/orders/{id}, with a failing or slow order store left to the island's own fetch.
import type { Locale } from "../../domain/i18n/locales";
import type { OrderView } from "../../domain/orderReadModel";
import { log } from "../platform/http";
import { getOrderView } from "./views";

/**
 * How long the page waits for the store. A read takes tens of milliseconds; a failing store is
 * retried by the blobs client for many seconds, and the page would show nothing all that time.
 */
export const CONFIRMATION_READ_TIMEOUT_MS = 1_500;

/**
 * The order as GET /api/orders/{id} answers it, null where that answers 404 (unknown id, declined
 * card), or undefined when the store failed or was too slow (logged): the island then loads the order
 * from the API as it did before the page rendered it.
 */
export async function readConfirmationOrder(
  orderId: string,
  timeoutMs = CONFIRMATION_READ_TIMEOUT_MS,
  /** The page's language (its promised time is worded in it). */
  locale: Locale = "en",
): Promise<OrderView | null | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooSlow = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  // Caught here too, so a read that fails after the timeout won is no unhandled rejection.
  const read = getOrderView(orderId, locale).then(
    (order) => ({ order }),
    (error: unknown) => ({ error }),
  );
  try {
    const outcome = await Promise.race([read, tooSlow]);
    if (outcome === "timeout") {
      log("warn", "order store too slow for the confirmation page; the browser loads the order", { timeoutMs });
      return undefined;
    }
    if ("error" in outcome) {
      // No order id in the line: the id is the order's capability URL.
      log("error", "order store unreadable for the confirmation page; the browser loads the order", {
        error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error),
      });
      return undefined;
    }
    return outcome.order;
  } finally {
    clearTimeout(timer);
  }
}
