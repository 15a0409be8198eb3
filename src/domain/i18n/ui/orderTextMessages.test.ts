// Every text about an order is one SMS segment in its encoding, in both languages, with the longest name,
// order number and link it can carry: counted by Twilio's own segment calculator (sms-segments-calculator,
// github.com/TwilioDevEd/message-segment-calculator), which reads GSM 03.38's table (its extension
// characters count two) and otherwise UCS-2 (70 UTF-16 units in one segment).
import { SegmentedMessage } from "sms-segments-calculator";
import { describe, expect, it } from "vitest";
import site from "../../../../content/site.json";
import { kitchenMailWords } from "./kitchenMail";
import { orderTextMessages, TEXT_LINK_MAX } from "./orderTextMessages";
import { LOCALES } from "../locales";

const LONGEST_NAME = [site.name, site.eveningName].reduce((a, b) => (b.length > a.length ? b : a));
const LONGEST_NUMBER = "WWWWW";
const LONGEST_LINK = `https://${"x".repeat(TEXT_LINK_MAX - "https://".length)}`;
const LONGEST_TIME = { en: "12:45 PM", es: "12:45 p. m." };
const OFFERS = /\b(off|discount|deal|promo|coupon|free|sale|descuento|oferta|gratis|cup[oó]n)\b/i;

const texts = LOCALES.flatMap((locale) => [
  { name: `ready (${locale})`, body: orderTextMessages.ready[locale](LONGEST_NAME, LONGEST_NUMBER, LONGEST_LINK) },
  { name: `curbside (${locale})`, body: orderTextMessages.curbside[locale](LONGEST_NAME, LONGEST_NUMBER, LONGEST_LINK) },
  { name: `picked up (${locale})`, body: orderTextMessages.picked_up[locale](LONGEST_NAME, LONGEST_NUMBER, LONGEST_LINK) },
  { name: `running late (${locale})`, body: kitchenMailWords["late.text"][locale](LONGEST_NUMBER, LONGEST_TIME[locale], LONGEST_LINK) },
  { name: `help (${locale})`, body: orderTextMessages.help[locale](LONGEST_NAME, site.phone) },
]);

describe("the texts about an order", () => {
  it.each(texts)("$name is one segment in its encoding", ({ body }) => {
    const counted = new SegmentedMessage(body);
    expect(counted.segmentsCount, `${counted.encodingName}: ${body}`).toBe(1);
  });

  it("are GSM-7, so a link fits: the Spanish uses é and ñ, never á, í, ó or ú", () => {
    for (const { body } of texts) expect(new SegmentedMessage(body).encodingName, body).toBe("GSM-7");
    expect(new SegmentedMessage("Tu pedido está listo").encodingName).toBe("UCS-2");
  });

  it("offer nothing: no promotion in any text", () => {
    for (const { body } of texts) expect(body).not.toMatch(OFFERS);
  });
});
