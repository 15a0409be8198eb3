// The fake Square's cards on file (the Cards API), written from Square's documents:
// - CreateCard (POST /v2/cards; developer.squareup.com/reference/square/cards-api/create-card): idempotency_key,
//   source_id (a payment token from the Web Payments SDK) and card are required; card.customer_id names an
//   existing customer; a token the SDK did not make is refused INVALID_CARD_DATA on source_id (Square's forum,
//   threads 4452 and 10904); a card whose bank asks for buyer verification needs the verification_token of
//   verifyBuyer with intent STORE (developer.squareup.com/docs/web-payments/sca-add-card), else
//   CARD_DECLINED_VERIFICATION_REQUIRED. The card answered carries brand, last_4, expiry, the same fingerprint
//   a payment with that card shows, customer_id, reference_id and enabled: true; its id is "ccof:...".
//   A retried key answers the first card (developer.squareup.com/docs/build-basics/common-api-patterns/idempotency).
// - ListCards (GET /v2/cards; .../cards-api/list-cards): filtered by customer_id; disabled cards only with
//   include_disabled=true; `{}` when there is none.
// - RetrieveCard (GET /v2/cards/{card_id}) and DisableCard (POST /v2/cards/{card_id}/disable;
//   .../cards-api/disable-card): a disabled card stays readable with enabled: false and can no longer pay;
//   disabling one again changes nothing.
// - A card on file pays as CreatePayment's source_id with its customer_id, which "is also required"
//   (developer.squareup.com/docs/payments-api/take-payments/card-payments); a card of another customer, or a
//   disabled one, is NOT_FOUND "Did not find matching card" on source_id (Square's forum, thread 12003).
import { randomBytes } from "node:crypto";
import type { FakeReply, RouteHandler } from "./fakeSquare.ts";
import { cardNumberOf, cardOf, rememberCardOnFile } from "./fakeSquareCards.ts";

export interface CardsOnFileHost {
  routes: Map<string, RouteHandler>;
  idempotent(endpoint: string, body: any, work: () => FakeReply): FakeReply;
  locationId: string;
  customerExists(id: string): boolean;
  /** The token whose bank asks for verification, and what a verifyBuyer token looks like. */
  verificationRequiredToken: string;
  verificationTokenPattern: RegExp;
}

export interface FakeCardsOnFile {
  /** Cards on file by id, in Square's wire shape. */
  cards: Map<string, any>;
  /** The refusal CreatePayment gives a card-on-file source_id it cannot charge, or null (a card token, or a card it can). */
  paymentRefusal(body: { source_id?: string; customer_id?: string }): FakeReply | null;
  reset(): void;
}

export function installCardsOnFile(host: CardsOnFileHost): FakeCardsOnFile {
  const cards = new Map<string, any>();
  const error = (status: number, category: string, code: string, detail: string, field?: string): FakeReply => ({
    status,
    body: { errors: [{ category, code, detail, ...(field ? { field } : {}) }] },
  });
  const notFound = (detail: string, field?: string) => error(404, "INVALID_REQUEST_ERROR", "NOT_FOUND", detail, field);

  host.routes.set("POST /v2/cards", ({ body }) => {
    if (!body?.idempotency_key) return error(400, "INVALID_REQUEST_ERROR", "MISSING_REQUIRED_PARAMETER", "idempotency_key is required", "idempotency_key");
    if (!body.source_id) return error(400, "INVALID_REQUEST_ERROR", "MISSING_REQUIRED_PARAMETER", "source_id is required", "source_id");
    const customerId = body.card?.customer_id;
    if (!customerId) return error(400, "INVALID_REQUEST_ERROR", "MISSING_REQUIRED_PARAMETER", "card.customer_id is required", "card.customer_id");
    if (!host.customerExists(customerId)) return notFound(`Customer with ID \`${customerId}\` not found.`, "card.customer_id");
    if (body.verification_token !== undefined && !host.verificationTokenPattern.test(String(body.verification_token))) {
      return error(400, "INVALID_REQUEST_ERROR", "INVALID_VALUE", "Invalid verification token.", "verification_token");
    }
    return host.idempotent("cards", body, () => {
      if (body.source_id === host.verificationRequiredToken && !body.verification_token) {
        return error(402, "PAYMENT_METHOD_ERROR", "CARD_DECLINED_VERIFICATION_REQUIRED", "Card declined. A verification is required to process this payment.");
      }
      const number = cardNumberOf(body.source_id);
      const shown = cardOf(body.source_id, host.locationId);
      if (!number || !shown) return error(400, "INVALID_REQUEST_ERROR", "INVALID_CARD_DATA", "Invalid card data.", "source_id");
      const id = `ccof:${randomBytes(12).toString("base64url")}`;
      rememberCardOnFile(id, number);
      const card = {
        id,
        card_brand: shown.card_brand,
        last_4: shown.last_4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        ...(body.card.cardholder_name ? { cardholder_name: body.card.cardholder_name } : {}),
        fingerprint: shown.fingerprint,
        customer_id: customerId,
        ...(body.card.reference_id ? { reference_id: body.card.reference_id } : {}),
        enabled: true,
        card_type: "CREDIT",
        prepaid_type: "NOT_PREPAID",
        bin: number.slice(0, 6),
        version: 1,
      };
      cards.set(id, card);
      return { status: 200, body: { card } };
    });
  });

  host.routes.set("GET /v2/cards", ({ query }) => {
    const found = [...cards.values()].filter(
      (card) => (!query.customer_id || card.customer_id === query.customer_id) && (card.enabled || query.include_disabled === "true"),
    );
    return { status: 200, body: found.length > 0 ? { cards: found } : {} };
  });

  host.routes.set("GET /v2/cards/:id", ({ params }) => {
    const card = cards.get(params.id ?? "");
    return card ? { status: 200, body: { card } } : notFound("Card not found.");
  });

  host.routes.set("POST /v2/cards/:id/disable", ({ params }) => {
    const card = cards.get(params.id ?? "");
    if (!card) return notFound("Card not found.");
    if (card.enabled) {
      card.enabled = false;
      card.version += 1;
    }
    return { status: 200, body: { card } };
  });

  return {
    cards,
    paymentRefusal(body) {
      if (!String(body.source_id ?? "").startsWith("ccof:")) return null;
      if (!body.customer_id) return error(400, "INVALID_REQUEST_ERROR", "MISSING_REQUIRED_PARAMETER", "customer_id is required to charge a card on file", "customer_id");
      const card = cards.get(String(body.source_id));
      if (!card || !card.enabled || card.customer_id !== body.customer_id) return notFound("Did not find matching card", "source_id");
      return null;
    },
    reset() {
      cards.clear();
    },
  };
}
