// A gift card bought by card through Square, in Chromium against the production build configured as
// production Square (the fake Square server and the fake Web Payments SDK): the purchase page runs the
// bank's check (verifyBuyer) on the card's token before it pays, and the server charges it with that check,
// as the checkout does while the brake is on. A gift card is money out: the server takes no card without it.
import { describe, expect, it } from "vitest";
import { offlineContext } from "../support/browser";
import { fakeWebPaymentsScript } from "../support/fakeWebPayments";
import { SATURDAY_NOON, useSquareJourney, WEB_PAYMENTS } from "../support/squareJourney";
import { giftCardWords } from "../../src/domain/i18n/ui/giftCards";
import { SQUARE_SCRIPT_URLS } from "../../src/domain/payment";
import { localPrice } from "../../src/domain/i18n/prices";

const journey = useSquareJourney({ env: WEB_PAYMENTS, resetBeforeEach: true });
const w = (key: keyof typeof giftCardWords) => giftCardWords[key].en as string;

describe("buying a gift card by card through Square", { timeout: 90_000 }, () => {
  it("runs the bank's check on the card before paying, and the charge carries it", async () => {
    const context = await offlineContext(journey.browser, { viewport: { width: 1280, height: 800 } });
    await context.clock.setFixedTime(new Date(SATURDAY_NOON));
    await context.route(SQUARE_SCRIPT_URLS.production, (route) => route.fulfill({ contentType: "text/javascript", body: fakeWebPaymentsScript({}) }));
    const page = await context.newPage();
    await page.goto(`${journey.site.url}/gift-cards`);
    await page.getByRole("heading", { level: 1, name: w("page.title") }).waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll("main astro-island")].every((island) => !island.hasAttribute("ssr")));
    await page.getByRole("radio", { name: localPrice(5_000, "en") }).check();
    await page.getByLabel(w("recipient.name")).fill("Marta Ruiz");
    await page.getByLabel(w("recipient.email")).fill("marta@example.com");
    await page.getByLabel(w("buyer.name")).fill("Luis Gómez");
    await page.getByLabel(w("buyer.email")).fill("luis@example.com");
    await page.getByRole("button", { name: w("continue") }).click();
    await page.getByRole("main").getByText("Card number / MM/YY / CVV").waitFor();
    await page.getByRole("button", { name: "Pay $50.00" }).click();
    await page.getByRole("heading", { name: w("done.title") }).waitFor({ timeout: 30_000 });

    const fake = await page.evaluate(() => (window as unknown as { __squareFake: { verifications: unknown[] } }).__squareFake);
    expect(fake.verifications).toHaveLength(1);
    const [payment] = journey.square.requestsTo("POST", "/v2/payments");
    expect(payment!.body.verification_token).toMatch(/^verf:fake/);
    await context.close();
  });
});
