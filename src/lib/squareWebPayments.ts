// Square's Web Payments SDK in the browser: loads its script once and declares the few types we use
// (instead of depending on @square/web-payments-sdk-types).

export interface SquareTokenizeResult {
  status: string;
  token?: string;
  errors?: { message: string; field?: string }[];
}

export interface SquareCard {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(details?: Record<string, unknown>): Promise<SquareTokenizeResult>;
  destroy(): Promise<boolean>;
}

export interface SquarePayments {
  card(options?: Record<string, unknown>): Promise<SquareCard>;
}

interface SquareGlobal {
  payments(applicationId: string, locationId: string): SquarePayments;
}

declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

/** Why the card form could not start; each maps to one 'Payment Error' sentence the checkout shows. */
export class PaymentFormError extends Error {
  constructor(
    readonly kind: "load" | "init" | "form",
    message: string,
  ) {
    super(message);
    this.name = "PaymentFormError";
  }
}

const loading = new Map<string, Promise<void>>();

/** Adds Square's script once per URL; rejects when the network or a blocker stops it. */
export function loadSquareScript(url: string): Promise<void> {
  const existing = loading.get(url);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(url);
      script.remove();
      reject(new PaymentFormError("load", "Failed to load payment system"));
    };
    document.head.append(script);
  });
  loading.set(url, promise);
  return promise;
}

/** Loads the SDK and attaches a card field to `target`. */
export async function startSquareCard(
  config: { scriptUrl: string; applicationId: string; locationId: string },
  target: HTMLElement,
): Promise<SquareCard> {
  await loadSquareScript(config.scriptUrl);
  if (!window.Square) throw new PaymentFormError("init", "Payment system initialization failed");
  let payments: SquarePayments;
  try {
    payments = window.Square.payments(config.applicationId, config.locationId);
  } catch {
    throw new PaymentFormError("init", "Payment system initialization failed");
  }
  try {
    const card = await payments.card();
    await card.attach(target);
    return card;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PaymentFormError("form", `Payment form initialization failed: ${reason}`);
  }
}
