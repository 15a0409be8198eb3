// The checkout's "Text me about this order" box as the server renders it: under the phone, unticked, in
// the page's language, and only when the restaurant can text.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { orderTextMessages } from "../../domain/i18n/ui/orderTextMessages";
import DetailsStep, { EMPTY_DETAILS } from "./DetailsStep";

const render = (locale: "en" | "es", texts: boolean) =>
  renderToStaticMarkup(
    createElement(DetailsStep, { items: [], subtotalCents: 0, orderType: "pickup", onOrderType: () => undefined, details: EMPTY_DETAILS, onDetail: () => () => undefined, specialDates: [], onWhenProblem: () => undefined, onContinue: () => undefined, locale, texts }),
  );
const escaped = (text: string) => text.replace(/&/g, "&amp;");

describe("the checkout's box for texts", () => {
  it("is unticked, worded in the page's language", () => {
    for (const locale of ["en", "es"] as const) {
      const page = render(locale, true);
      expect(page).toContain(escaped(orderTextMessages.consent[locale]));
      const box = page.match(/<input[^>]*name="textMe"[^>]*>/)?.[0];
      expect(box).toContain('type="checkbox"');
      expect(box).not.toContain("checked");
    }
  });

  it("is not offered while the restaurant cannot text", () => {
    expect(render("en", false)).not.toContain('name="textMe"');
  });
});
