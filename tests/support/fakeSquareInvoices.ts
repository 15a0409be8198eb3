// Square's Invoices API as its documents describe it, for the fake Square (./fakeSquare.ts):
// - CreateInvoice (developer.squareup.com/reference/square/invoices-api/create-invoice): a DRAFT invoice of
//   an existing order (`order_id`) at the location, for a customer (`primary_recipient.customer_id`), with
//   `payment_requests` and a `delivery_method`; version 0.
// - Payment requests (developer.squareup.com/reference/square/objects/InvoicePaymentRequest and
//   enums/InvoiceRequestType, docs/invoices-api/create-publish-invoices#payment-requests): each needs a
//   `request_type` and a `due_date` (YYYY-MM-DD); a DEPOSIT is a percentage of the order's total
//   (`percentage_requested`) or a fixed amount, "must be due before any other payment requests"; a BALANCE is
//   what is left after the deposit and takes no amount of its own; each gets `computed_amount_money`.
// - PublishInvoice (reference/square/invoices-api/publish-invoice): `version` must match the invoice's; the
//   invoice becomes UNPAID with a `public_url` (the Square-hosted payment page), its version moves on, and
//   Square sends invoice.published.
// - The buyer paying on the hosted page (docs/invoices-api/invoice-webhooks): each payment sends
//   invoice.payment_made with the invoice, PARTIALLY_PAID after the deposit and PAID after the balance, and
//   the order is paid with it.
// - Pay or refund invoices (docs/invoices-api/pay-refund-invoices): each invoice payment is a COMPLETED
//   payment recorded as a tender on the invoice's order, whose payment_id the Refunds API refunds.
// - CancelInvoice (reference/square/invoices-api/cancel-invoice): `version` must match; "You cannot cancel an
//   invoice in the DRAFT state or in a terminal state: PAID, REFUNDED, CANCELED, or FAILED"; the seller can
//   collect nothing more, the order is canceled with it (docs/invoices-api/overview, "Order update is not
//   supported"), and Square sends invoice.canceled.
import { randomUUID } from "node:crypto";
import type { FakeReply, RouteHandler } from "./fakeSquare";

export interface InvoiceHost {
  routes: Map<string, RouteHandler>;
  orders: Map<string, any>;
  payments: Map<string, any>;
  locationId: string;
  customerExists(id: string): boolean;
  notify(type: string, dataType: string, dataId: string, object: Record<string, unknown>): unknown;
  idempotent(endpoint: string, body: any, work: () => FakeReply): FakeReply;
}

export interface FakeInvoices {
  /** Invoices by id, in Square's wire shape. */
  invoices: Map<string, any>;
  /** The buyer pays the next payment request due on the hosted page; Square notifies invoice.payment_made. */
  payNext(invoiceId: string): any;
  reset(): void;
}

const error = (status: number, code: string, detail: string, field?: string): FakeReply => ({
  status,
  body: { errors: [{ category: "INVALID_REQUEST_ERROR", code, detail, ...(field ? { field } : {}) }] },
});
const USD = (amount: number) => ({ amount, currency: "USD" });
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function installInvoices(host: InvoiceHost): FakeInvoices {
  const invoices = new Map<string, any>();

  /** Each request's amount from the order's total: a deposit's share, then the balance of what is left. */
  function computed(requests: any[], total: number): number[] {
    const deposit = requests.find((request) => request.request_type === "DEPOSIT");
    const depositAmount = !deposit ? 0 : deposit.fixed_amount_requested_money ? deposit.fixed_amount_requested_money.amount : Math.round((total * Number(deposit.percentage_requested)) / 100);
    return requests.map((request) => (request.request_type === "DEPOSIT" ? depositAmount : total - depositAmount));
  }

  function refusal(invoice: any): FakeReply | null {
    if (invoice.location_id !== host.locationId) return error(400, "INVALID_VALUE", "Location not found", "invoice.location_id");
    const order = host.orders.get(invoice.order_id ?? "");
    if (!order) return error(404, "NOT_FOUND", "Order not found", "invoice.order_id");
    if (!invoice.primary_recipient?.customer_id || !host.customerExists(invoice.primary_recipient.customer_id)) {
      return error(400, "INVALID_VALUE", "The primary recipient must be an existing customer", "invoice.primary_recipient.customer_id");
    }
    if (!invoice.delivery_method) return error(400, "MISSING_REQUIRED_PARAMETER", "delivery_method is required", "invoice.delivery_method");
    const requests: any[] = invoice.payment_requests ?? [];
    if (requests.length === 0) return error(400, "MISSING_REQUIRED_PARAMETER", "payment_requests is required", "invoice.payment_requests");
    for (const [index, request] of requests.entries()) {
      if (!request.request_type) return error(400, "MISSING_REQUIRED_PARAMETER", "request_type is required", `invoice.payment_requests[${index}].request_type`);
      if (!DATE.test(request.due_date ?? "")) return error(400, "INVALID_VALUE", "due_date must be YYYY-MM-DD", `invoice.payment_requests[${index}].due_date`);
      if (request.request_type === "BALANCE" && (request.percentage_requested || request.fixed_amount_requested_money)) {
        return error(400, "INVALID_VALUE", "A BALANCE request takes no amount", `invoice.payment_requests[${index}]`);
      }
      if (request.request_type === "DEPOSIT" && !request.percentage_requested === !request.fixed_amount_requested_money) {
        return error(400, "INVALID_VALUE", "A DEPOSIT needs either percentage_requested or fixed_amount_requested_money", `invoice.payment_requests[${index}]`);
      }
    }
    const deposit = requests.find((request) => request.request_type === "DEPOSIT");
    if (deposit && requests.some((request) => request !== deposit && request.due_date < deposit.due_date)) {
      return error(400, "INVALID_VALUE", "A deposit must be due before any other payment request", "invoice.payment_requests");
    }
    return null;
  }

  host.routes.set("POST /v2/invoices", ({ body }) =>
    host.idempotent("invoices", body, () => {
      const refused = refusal(body?.invoice ?? {});
      if (refused) return refused;
      const order = host.orders.get(body.invoice.order_id);
      const total = order.total_money.amount;
      const amounts = computed(body.invoice.payment_requests, total);
      const now = new Date().toISOString();
      const invoice = {
        ...body.invoice,
        id: `inv:0-${randomUUID().replaceAll("-", "").slice(0, 22)}`,
        version: 0,
        status: "DRAFT",
        timezone: "America/New_York",
        payment_requests: body.invoice.payment_requests.map((request: any, index: number) => ({
          ...request,
          uid: randomUUID(),
          computed_amount_money: USD(amounts[index]!),
          total_completed_amount_money: USD(0),
        })),
        next_payment_amount_money: USD(amounts[0]!),
        created_at: now,
        updated_at: now,
      };
      invoices.set(invoice.id, invoice);
      return { status: 200, body: { invoice } };
    }),
  );

  host.routes.set("GET /v2/invoices/:id", ({ params }) => {
    const invoice = invoices.get(params.id ?? "");
    return invoice ? { status: 200, body: { invoice } } : error(404, "NOT_FOUND", "Invoice not found");
  });

  host.routes.set("POST /v2/invoices/:id/publish", ({ body, params }) =>
    host.idempotent("invoices-publish", { ...body, id: params.id }, () => {
      const invoice = invoices.get(params.id ?? "");
      if (!invoice) return error(404, "NOT_FOUND", "Invoice not found");
      if (body?.version !== invoice.version) return error(400, "VERSION_MISMATCH", "The version does not match the invoice's", "version");
      if (invoice.status !== "DRAFT") return error(400, "BAD_REQUEST", "Only a draft invoice can be published");
      Object.assign(invoice, { status: "UNPAID", version: invoice.version + 1, public_url: `https://squareupsandbox.com/pay-invoice/${invoice.id}`, updated_at: new Date().toISOString() });
      host.notify("invoice.published", "invoice", invoice.id, { invoice });
      return { status: 200, body: { invoice } };
    }),
  );

  host.routes.set("POST /v2/invoices/:id/cancel", ({ body, params }) =>
    host.idempotent("invoices-cancel", { ...body, id: params.id }, () => {
      const invoice = invoices.get(params.id ?? "");
      if (!invoice) return error(404, "NOT_FOUND", "Invoice not found");
      if (body?.version !== invoice.version) return error(400, "VERSION_MISMATCH", "The version does not match the invoice's", "version");
      if (["DRAFT", "PAID", "REFUNDED", "CANCELED", "FAILED"].includes(invoice.status)) return error(400, "BAD_REQUEST", `A ${invoice.status} invoice cannot be canceled`);
      Object.assign(invoice, { status: "CANCELED", version: invoice.version + 1, updated_at: new Date().toISOString() });
      const order = host.orders.get(invoice.order_id);
      if (order) order.state = "CANCELED";
      host.notify("invoice.canceled", "invoice", invoice.id, { invoice });
      return { status: 200, body: { invoice } };
    }),
  );

  return {
    invoices,
    payNext(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice || !["UNPAID", "PARTIALLY_PAID"].includes(invoice.status)) throw new Error(`invoice ${invoiceId} takes no payment now`);
      const request = invoice.payment_requests.find((each: any) => each.total_completed_amount_money.amount < each.computed_amount_money.amount);
      request.total_completed_amount_money = request.computed_amount_money;
      const order = host.orders.get(invoice.order_id);
      const payment = {
        id: `PAY${randomUUID().replaceAll("-", "").slice(0, 20).toUpperCase()}`,
        status: "COMPLETED",
        amount_money: request.computed_amount_money,
        total_money: request.computed_amount_money,
        location_id: host.locationId,
        order_id: invoice.order_id,
        source_type: "CARD",
        card_details: { status: "CAPTURED", card: { card_brand: "VISA", last_4: "1111" } },
        created_at: new Date().toISOString(),
      };
      host.payments.set(payment.id, payment);
      order.tenders = [...(order.tenders ?? []), { id: `TND${payment.id.slice(3)}`, type: "CARD", amount_money: payment.amount_money, payment_id: payment.id }];
      order.version += 1;
      const open = invoice.payment_requests.filter((each: any) => each.total_completed_amount_money.amount < each.computed_amount_money.amount);
      Object.assign(invoice, {
        status: open.length === 0 ? "PAID" : "PARTIALLY_PAID",
        version: invoice.version + 1,
        next_payment_amount_money: USD(open[0]?.computed_amount_money.amount ?? 0),
        updated_at: new Date().toISOString(),
      });
      if (open.length === 0) order.state = "COMPLETED";
      host.notify("payment.created", "payment", payment.id, { payment });
      host.notify("invoice.payment_made", "invoice", invoice.id, { invoice });
      return invoice;
    },
    reset() {
      invoices.clear();
    },
  };
}
