// The home page's "Order again" strip, without React (the home page loads none): loaded only in a browser
// that has signed in (./signedInHint), it shows the diner's last order in the server-rendered section
// (src/components/OrderAgain.astro) and its button fills the cart from today's menu and opens the checkout.
import { asLocale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import { toCents } from "../../domain/money";
import { ApiError, apiRequest } from "../../lib/api";
import { orderAgain } from "./orderAgain";
import { orderDay } from "./orderDay";
import { noticeText } from "./reorderNoticeText";
import type { LastOrder } from "./savedApi";
import { forgetSignedIn } from "./signedInHint";

export async function startOrderAgainStrip(): Promise<void> {
  const section = document.getElementById("order-again");
  const summary = section?.querySelector<HTMLElement>("[data-order-summary]");
  const button = section?.querySelector<HTMLButtonElement>("[data-order-again]");
  const problem = section?.querySelector<HTMLElement>("[data-order-again-problem]");
  if (!section || !summary || !button || !problem) return;
  const locale = asLocale(section.dataset.locale);
  const t = translator(savedWords, locale);
  let order: LastOrder | undefined;
  try {
    order = (await apiRequest<{ orders: LastOrder[] }>("/api/account/orders")).orders[0];
  } catch (error) {
    // Signed out elsewhere (or the session ran out): the hint goes with it.
    if (error instanceof ApiError && error.status === 401) forgetSignedIn();
    return;
  }
  if (!order) return;
  const past = order;
  const when = orderDay(past.createdAt, locale);
  summary.textContent = `${when}: ${past.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")} · ${localPrice(toCents(past.total), locale)}`;
  button.setAttribute("aria-label", t("again.buttonFor", past.orderNumber));
  const label = button.textContent ?? "";
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.textContent = t("again.working");
    problem.textContent = "";
    try {
      const left = await orderAgain(past.orderId, locale);
      if (!left) return;
      problem.textContent = [t("again.nothing"), ...left.map((notice) => noticeText(notice, locale))].join(" ");
    } catch {
      problem.textContent = t("again.failed");
    }
    button.disabled = false;
    button.textContent = label;
  });
  section.hidden = false;
}
