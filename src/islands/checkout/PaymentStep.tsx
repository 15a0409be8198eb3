// The checkout's card form, as the server decides (GET /api/payment-config): Square's Web Payments
// card field, a clearly labelled test card form that sends Square's sandbox nonces, or no form at all.
import { useEffect, useId, useRef, useState } from "react";
import { formatAmount, formatPrice } from "../../domain/money";
import { SANDBOX_NONCES, TEST_OUTCOME_LABELS, TEST_WALLET_TOKENS, WALLET_LABELS, type PaymentFormConfig, type TestOutcome, type Wallet } from "../../domain/payment";
import { apiRequest } from "../../lib/api";
import { PaymentFormError, startSquareCard, type SquareCard } from "../../lib/squareWebPayments";
import { toast } from "../../stores/toasts";

export interface Billing {
  name: string;
  email: string;
  phone: string;
}

interface Props {
  totalCents: number;
  billing: Billing;
  submitting: boolean;
  /** The card token of an attempt that failed on the server's side: resent instead of a new one. */
  retainedToken: string | null;
  onToken: (token: string) => Promise<void>;
  /** The restaurant's phone as shown, from content/site.json through the page. */
  phone: string;
}

function paymentError(description: string): void {
  toast({ title: "Payment Error", description, variant: "destructive" });
}

const payButtonClass =
  "mt-4 w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700";

export default function PaymentStep(props: Props) {
  const [config, setConfig] = useState<PaymentFormConfig | null>(null);

  useEffect(() => {
    let live = true;
    apiRequest<PaymentFormConfig>("/api/payment-config")
      .then((answer) => live && setConfig(answer))
      .catch(() => {
        if (!live) return;
        setConfig({ mode: "unavailable", message: `Failed to load payment system. Please reload the page or call us at ${props.phone}.` });
        paymentError("Failed to load payment system");
      });
    return () => {
      live = false;
    };
  }, []);

  if (!config) return <p className="mt-4 text-stone-600">Loading payment form...</p>;
  if (config.mode === "unavailable") {
    return (
      <p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
        {config.message}
      </p>
    );
  }
  if (config.mode === "test") return <TestCardForm {...props} />;
  return <SquareCardForm {...props} config={config} />;
}

/** Square's own card field; the token carries the amount and the customer's own billing contact. */
function SquareCardForm({ config, totalCents, billing, submitting, retainedToken, onToken, phone }: Props & { config: Extract<PaymentFormConfig, { mode: "square" }> }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [card, setCard] = useState<SquareCard | null>(null);
  const [problem, setProblem] = useState("");
  const [tokenizing, setTokenizing] = useState(false);

  useEffect(() => {
    let live = true;
    let started: SquareCard | null = null;
    startSquareCard(config, containerRef.current!)
      .then((attached) => {
        started = attached;
        if (live) setCard(attached);
        else void attached.destroy();
      })
      .catch((error: unknown) => {
        if (!live) return;
        const message = error instanceof PaymentFormError ? error.message : "Payment system initialization failed";
        setProblem(message);
        paymentError(message);
      });
    return () => {
      live = false;
      void started?.destroy();
    };
  }, [config]);

  async function pay() {
    if (retainedToken) return onToken(retainedToken);
    if (!card) return paymentError("Payment system not ready");
    setTokenizing(true);
    try {
      const [givenName = "", ...rest] = billing.name.trim().split(/\s+/);
      const result = await card.tokenize({
        amount: formatAmount(totalCents),
        currencyCode: "USD",
        intent: "CHARGE",
        billingContact: { givenName, familyName: rest.join(" "), email: billing.email, phone: billing.phone, countryCode: "US" },
        customerInitiated: true,
        sellerKeyedIn: false,
      });
      if (result.status === "OK" && result.token) {
        await onToken(result.token);
      } else {
        const messages = (result.errors ?? []).map((e) => e.message).filter(Boolean);
        paymentError(messages.length ? `Payment failed: ${messages.join(", ")}` : "Payment failed");
      }
    } catch {
      paymentError("Payment processing failed");
    } finally {
      setTokenizing(false);
    }
  }

  const busy = submitting || tokenizing;
  return (
    <div className="mt-4">
      <div ref={containerRef} id="card-container" className="min-h-24" />
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {problem}. Please reload the page, or call us at {phone} to order.
        </p>
      )}
      <button type="button" className={payButtonClass} onClick={pay} disabled={busy}>
        {busy ? "Processing..." : `Pay ${formatPrice(totalCents)}`}
      </button>
    </div>
  );
}

/** Locally without Square: no card is charged; the tester picks the outcome. */
function TestCardForm({ totalCents, submitting, onToken }: Props) {
  const id = useId();
  const [outcome, setOutcome] = useState<TestOutcome>("approved");
  return (
    <fieldset className="mt-4 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4">
      <legend className="rounded bg-amber-800 px-2 py-0.5 text-sm font-bold tracking-wide text-white">TEST MODE</legend>
      <p id={`${id}-note`} className="text-sm text-amber-950">
        Test card form: no real card is charged. Square's sandbox test card stands in for a card; pick the outcome the
        payment should have.
      </p>
      {/* Where the real checkout shows the wallets: each sends a test token through the same server path. */}
      <div role="group" aria-label="Test wallets" className="mt-3 grid gap-2 sm:grid-cols-3">
        {(Object.keys(TEST_WALLET_TOKENS) as Wallet[]).map((wallet) => (
          <button
            key={wallet}
            type="button"
            className="rounded-md border border-stone-800 bg-stone-900 px-3 py-2 text-sm font-semibold text-white hover:bg-black disabled:cursor-not-allowed disabled:opacity-60"
            onClick={() => onToken(TEST_WALLET_TOKENS[wallet])}
            disabled={submitting}
          >
            {WALLET_LABELS[wallet]} (test)
          </button>
        ))}
      </div>
      <div role="radiogroup" aria-label="Test card outcome" aria-describedby={`${id}-note`} className="mt-3 grid gap-2 sm:grid-cols-2">
        {(Object.keys(SANDBOX_NONCES) as TestOutcome[]).map((key) => (
          <label key={key} className="flex items-center gap-2 rounded-md border border-amber-300 bg-white px-3 py-2 text-sm">
            <input type="radio" name={`${id}-outcome`} value={key} checked={outcome === key} onChange={() => setOutcome(key)} />
            {TEST_OUTCOME_LABELS[key]}
          </label>
        ))}
      </div>
      <button type="button" className={payButtonClass} onClick={() => onToken(SANDBOX_NONCES[outcome])} disabled={submitting}>
        {submitting ? "Processing..." : `Pay ${formatPrice(totalCents)} (test)`}
      </button>
    </fieldset>
  );
}
