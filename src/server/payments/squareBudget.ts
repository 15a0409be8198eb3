// How long one checkout may wait for Square, so the request always answers inside the platform's time
// limit for a synchronous function (60 s on Netlify): every Square call gets the time left, and the
// SDK's retry only where a retry can still finish in it.

/**
 * What one checkout request (or one gateway's calls) may spend on Square: creating the order and the
 * payment, each with its timeout and one retry (21.2 s each at the production settings), and then as
 * much of asking Square about an unanswered charge as fits; the rest of the 60 s is the database's.
 */
export const SQUARE_BUDGET_MS = 45_000;
/** The SDK waits about 1 s before its first retry and doubles it (up to 20% more with its jitter). */
const RETRY_DELAY_MS = 1_200;
/** Below this there is no point in asking Square at all. */
const SMALLEST_CALL_MS = 500;

export interface CallOptions {
  timeoutInSeconds: number;
  maxRetries: number;
}

/** The worst time of one call: every try timing out or failing at its end, and the waits between them. */
export function worstCallMs(timeoutSeconds: number, retries: number): number {
  let total = (retries + 1) * timeoutSeconds * 1000;
  for (let retry = 0; retry < retries; retry++) total += RETRY_DELAY_MS * 2 ** retry;
  return total;
}

/**
 * The options of the next Square call with `leftMs` of the budget: the configured timeout and retries
 * where they fit, fewer retries or a shorter timeout where they do not; null when no call fits.
 */
export function callOptions(leftMs: number, settings: { timeoutInSeconds: number; maxRetries: number }): CallOptions | null {
  if (leftMs < SMALLEST_CALL_MS) return null;
  const timeoutInSeconds = Math.min(settings.timeoutInSeconds, leftMs / 1000);
  let maxRetries = settings.maxRetries;
  while (maxRetries > 0 && worstCallMs(timeoutInSeconds, maxRetries) > leftMs) maxRetries -= 1;
  return { timeoutInSeconds, maxRetries };
}
