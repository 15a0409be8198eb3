// An event further out than a card's hold can reach is paid by a Square invoice
// (developer.squareup.com/docs/invoices-api/create-publish-invoices): a Square customer for the diner, the
// order of trays (Square prices it with the sales tax, as every order here), the invoice with a deposit due
// today and the balance due 2 days (48 hours) before the event, then published: Square e-mails it and hosts
// its payment page. Its payments come back as invoice.payment_made (./notifications.ts).
import { createHash } from "node:crypto";
import { BALANCE_DAYS_BEFORE, DEPOSIT_PERCENT } from "../../domain/catering";
import { restaurantTime } from "../../domain/hours";
import { nextDate } from "../../domain/schedule";
import { squarePricing } from "../payments";
import { ProviderUnavailable, said } from "../platform/errors";
import { log } from "../platform/http";
import { squareClient, squareConfig, squareSdk } from "../platform/squareClient";

export interface InvoiceRequest {
  key: string;
  reference: string;
  lines: { name: string; priceCents: number; quantity: number }[];
  totalCents: number;
  customer: { name: string; email: string };
  eventDate: string;
}

/** Whether invoices can be sent here: only through Square. */
export const invoicesAvailable = () => squareConfig() !== null;

/** Square's keys per step of one attempt, derived from its key (each within Square's lengths). */
const stepKey = (key: string, step: string) => createHash("sha256").update(`${key}:${step}`).digest("hex").slice(0, 40);

async function step<T>(name: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    const { SquareError } = await squareSdk();
    log("error", "square invoice step failed", { step: name, statusCode: error instanceof SquareError ? error.statusCode : undefined, codes: error instanceof SquareError ? error.errors.map((e) => e.code) : undefined });
    throw new ProviderUnavailable(said("provider_unavailable"));
  }
}

/** Sends the invoice; answers its id and Square's payment page. */
export async function sendInvoice(request: InvoiceRequest, now: Date): Promise<{ invoiceId: string; payUrl: string | null }> {
  const config = squareConfig()!;
  const square = await squareClient("charge", config);
  const { customer } = await step("customers.create", () =>
    square.customers.create({ idempotencyKey: stepKey(request.key, "customer"), givenName: request.customer.name, emailAddress: request.customer.email, referenceId: request.reference }),
  );
  const lines = request.lines.map((line) => ({ name: line.name, quantity: line.quantity, unitPriceCents: line.priceCents, catalogObjectId: null }));
  const { order } = await step("orders.create", () =>
    square.orders.create({ idempotencyKey: stepKey(request.key, "order"), order: { locationId: config.locationId, referenceId: request.reference, customerId: customer!.id!, ...squarePricing(lines, null, 0) } }),
  );
  if (Number(order?.totalMoney?.amount) !== request.totalCents) {
    log("error", "square priced a catering order otherwise", { reference: request.reference, square: Number(order?.totalMoney?.amount), ours: request.totalCents });
    throw new ProviderUnavailable(said("provider_unavailable"));
  }
  const balanceDue = nextDate(request.eventDate, -BALANCE_DAYS_BEFORE);
  const { invoice } = await step("invoices.create", () =>
    square.invoices.create({
      idempotencyKey: stepKey(request.key, "invoice"),
      invoice: {
        locationId: config.locationId,
        orderId: order!.id!,
        primaryRecipient: { customerId: customer!.id! },
        paymentRequests: [
          { requestType: "DEPOSIT", dueDate: restaurantTime(now).date, percentageRequested: String(DEPOSIT_PERCENT) },
          { requestType: "BALANCE", dueDate: balanceDue },
        ],
        deliveryMethod: "EMAIL",
        acceptedPaymentMethods: { card: true },
        title: "Jealous Fork catering",
        saleOrServiceDate: request.eventDate,
      },
    }),
  );
  const published = await step("invoices.publish", () =>
    square.invoices.publish({ invoiceId: invoice!.id!, version: invoice!.version ?? 0, idempotencyKey: stepKey(request.key, "publish") }),
  );
  return { invoiceId: invoice!.id!, payUrl: published.invoice?.publicUrl ?? null };
}

/** What was paid of an invoice so far, by payment, newest first (its order's tenders), and its version. */
export interface InvoicePaid {
  status: string;
  version: number;
  paidCents: number;
  payments: { id: string; cents: number }[];
}

/**
 * Reads an invoice and what its order was paid (docs/invoices-api/pay-refund-invoices: an invoice's
 * payments are the tenders of its order, and the Refunds API takes their payment_id).
 */
export async function invoicePaid(invoiceId: string): Promise<InvoicePaid> {
  const config = squareConfig()!;
  const square = await squareClient("refund", config);
  const { invoice } = await step("invoices.get", () => square.invoices.get({ invoiceId }));
  const { order } = await step("orders.get", () => square.orders.get({ orderId: invoice!.orderId! }));
  const payments = (order?.tenders ?? [])
    .filter((tender) => tender.paymentId)
    .map((tender) => ({ id: tender.paymentId!, cents: Number(tender.amountMoney?.amount ?? 0) }))
    .reverse();
  return { status: invoice!.status ?? "", version: invoice!.version ?? 0, paidCents: payments.reduce((sum, payment) => sum + payment.cents, 0), payments };
}

/** Cancels what is left to pay of an invoice (CancelInvoice; its order with it); an invoice already paid or cancelled is left. */
export async function cancelInvoice(invoiceId: string, paid: InvoicePaid): Promise<void> {
  if (!["UNPAID", "SCHEDULED", "PARTIALLY_PAID", "PAYMENT_PENDING"].includes(paid.status)) return;
  const square = await squareClient("refund", squareConfig()!);
  await step("invoices.cancel", () => square.invoices.cancel({ invoiceId, version: paid.version }));
}
