// Loyalty points with the counter, in Chromium against the production build, the fake Square (an ACTIVE
// Square Loyalty program: a point a dollar, 50 points for $5 off) and the fake Twilio Verify, in English and
// Spanish: a signed-in diner proves a phone with the texted code, joins after agreeing to the terms, sees
// the points the order will earn at checkout, pays, sees the new balance on the account page, then spends a
// reward on the next order, where the total shown before Pay is what the card is charged and the points it
// earns are those of what is paid after the reward. The account page
// and the checkout stay axe-clean. The restaurant's clock (and the browser's) is Saturday noon: the
// kitchen is open.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../src/server/staff/sessions";
import { offlineContext } from "../support/browser";
import { putCart } from "../support/checkoutCart";
import { startFakeVerify, type FakeVerify } from "../support/fakeVerify";
import { SATURDAY_NOON, useSquareJourney } from "../support/squareJourney";
import { expectNoAxeViolations } from "../support/axe";

const env: Record<string, string | undefined> = { PUBLIC_SQUARE_APPLICATION_ID: undefined };
let verify: FakeVerify;
// Before the journey's own hook starts the site: its functions read the verification service's keys.
beforeAll(async () => {
  verify = await startFakeVerify();
  Object.assign(env, { TWILIO_ACCOUNT_SID: verify.accountSid, TWILIO_AUTH_TOKEN: verify.authToken, TWILIO_VERIFY_SERVICE_SID: verify.serviceSid, TWILIO_VERIFY_BASE_URL: verify.url });
});
const journey = useSquareJourney({ env });
beforeAll(() => {
  journey.square.loyalty.seedProgram({ accrual: { type: "SPEND", points: 1, spendCents: 100 }, tiers: [{ points: 50, name: "$5 off entire sale" }] });
});
afterAll(async () => {
  await verify?.stop();
});

/** A diner account with a live session: its cookie's token (signing in is accounts.e2e.ts's journey). */
async function signedInDiner(email: string): Promise<string> {
  const accountId = randomUUID();
  const token = randomBytes(32).toString("base64url");
  await journey.site.database.rows("INSERT INTO diner_accounts (id, email, name) VALUES ($1, $2, 'Ana')", [accountId, email]);
  await journey.site.database.rows(
    "INSERT INTO diner_sessions (id, account_id, method, created_at, last_seen_at, expires_at) VALUES ($1, $2, 'passkey', now(), now(), now() + interval '30 days')",
    [hashToken(token), accountId],
  );
  return token;
}

const WORDS = {
  en: {
    account: "/account", checkout: "/checkout", heading: "Rewards points", phone: "Mobile number", send: "Text me a code", code: "Code from the text message",
    confirm: "Confirm my number", agree: "I agree to these terms", join: "Join", balance0: "Your balance: 0 points", earn: "This order earns 50 points.",
    name: "Full Name", email: "Email", phoneField: "Phone", continue: "Continue to Payment", pay: (total: string) => `Pay ${total} (test)`,
    thanks: "Thank you! Your order is confirmed.", balance50: "Your balance: 50 points", tier: "50 points: $5 off your order", rewards: "Use a reward on this order",
    option: "$5 off your order (50 points)", withReward: "Total with your reward: $48.38", discounted: "Discounted items earn no points.", earnPaid: "This order earns 45 points.", balance45: "Your balance: 45 points",
  },
  es: {
    account: "/es/cuenta", checkout: "/es/checkout", heading: "Puntos de recompensa", phone: "Número de celular", send: "Envíame un código", code: "Código del mensaje de texto",
    confirm: "Confirmar mi número", agree: "Acepto estos términos", join: "Unirme", balance0: "Tu saldo: 0 puntos", earn: "Este pedido te da 50 puntos.",
    name: "Nombre completo", email: "Correo electrónico", phoneField: "Teléfono", continue: "Continuar al pago", pay: (total: string) => `Pagar ${total} (prueba)`,
    thanks: "¡Gracias! Tu pedido está confirmado.", balance50: "Tu saldo: 50 puntos", tier: "50 puntos: $5 de descuento en tu pedido", rewards: "Usa una recompensa en este pedido",
    option: "$5 de descuento en tu pedido (50 puntos)", withReward: "Total con tu recompensa: $48.38", discounted: "Los artículos con descuento no suman puntos.", earnPaid: "Este pedido te da 45 puntos.", balance45: "Tu saldo: 45 puntos",
  },
} as const;

// Journeys wait on first-use compilation of pages and functions, minutes on a loaded shared machine.
describe.each(["en", "es"] as const)("points with the counter (%s)", (locale) => {
  const w = WORDS[locale];
  const phone = locale === "en" ? "(305) 555-0160" : "(305) 555-0161";
  const email = `loyal.${locale}@example.com`;

  it("a signed-in diner proves a phone, earns the points shown, then spends a reward with the total shown charged", { timeout: 240_000 }, async () => {
    const context = await offlineContext(journey.browser);
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    const url = new URL(journey.site.url);
    await context.addCookies([{ name: "jf_diner", value: await signedInDiner(email), domain: url.hostname, path: "/", httpOnly: true, sameSite: "Strict" }]);
    // The session is planted as a cookie; a browser that signed in through the page also keeps the hint
    // (src/lib/signedInHint.ts) that makes the account page and the checkout ask for it.
    await context.addInitScript(() => localStorage.setItem("jealous-fork-diner", "1"));
    const page = await context.newPage();
    const checkout = async () => {
      await putCart(page, journey.site.url);
      await page.goto(`${journey.site.url}${w.checkout}`);
      // Typed once the checkout is awake and the signed-in diner's saved details are in: typing before its
      // scripts is the slow-phone journey's (checkout-slow-phone.e2e.ts), and a saved name arriving into a field
      // as it is filled at once (no diner types a whole name in one event) would join the two.
      await page.getByRole("button", { name: w.continue, disabled: false }).waitFor();
      await expect.poll(() => page.getByLabel(w.name).inputValue()).toBe("Ana");
      await page.getByLabel(w.name).fill("Ana Pérez");
      await page.getByLabel(w.email, { exact: true }).fill(email);
      await page.getByLabel(w.phoneField, { exact: true }).fill(phone);
      expect(await page.getByLabel(w.name).inputValue()).toBe("Ana Pérez");
    };
    try {
      await page.goto(`${journey.site.url}${w.account}`);
      await page.getByRole("heading", { name: w.heading }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByLabel(w.phone).fill(phone);
      await page.getByRole("button", { name: w.send }).click();
      await page.getByLabel(w.code).waitFor();
      const e164 = `+1${phone.replace(/\D/g, "")}`;
      await page.getByLabel(w.code).fill(verify.sentCode(e164)!);
      await page.getByRole("button", { name: w.confirm }).click();
      await page.getByLabel(w.agree).check();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: w.join, exact: true }).click();
      await page.getByText(w.balance0).waitFor();
      await page.getByText(w.tier).waitFor();

      // The first order: the points it will earn are shown, and granted once it is paid.
      await checkout();
      await page.getByText(w.earn).waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: w.continue }).click();
      await page.getByRole("button", { name: w.pay("$53.75") }).click();
      await page.getByRole("heading", { name: w.thanks }).waitFor();
      await journey.square.deliverWebhooks();
      await page.goto(`${journey.site.url}${w.account}`);
      await page.getByText(w.balance50).waitFor();

      // The next order spends the reward: Square's total with it is shown before Pay, and is what is charged.
      await checkout();
      await page.getByLabel(w.rewards).selectOption({ label: w.option });
      await page.getByText(w.withReward).waitFor();
      // A point a dollar counts the $45 paid after the reward; only a program that earns by items skips discounted ones.
      await page.getByText(w.earnPaid).waitFor();
      expect(await page.getByText(w.discounted).count()).toBe(0);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: w.continue }).click();
      await page.getByRole("button", { name: w.pay("$48.38") }).click();
      await page.getByRole("heading", { name: w.thanks }).waitFor();
      // The order page names what the points took off.
      await page.getByText(w.heading, { exact: true }).waitFor();
      await page.getByText("\u2212$5.00", { exact: true }).waitFor();
      const charged = journey.square.requestsTo("POST", "/v2/payments").at(-1)!;
      expect(charged.body.amount_money.amount).toBe(4838);
      await journey.square.deliverWebhooks();
      await page.goto(`${journey.site.url}${w.account}`);
      await page.getByText(w.balance45).waitFor();
    } catch (error) {
      // What the diner saw when a step did not come: the page's words beside the error.
      console.log(`The page at ${page.url()} read:\n${await page.locator("main").innerText().catch(() => "(unreadable)")}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});
