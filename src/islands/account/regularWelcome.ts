// Draws the home page's welcome for a signed-in diner (src/components/RegularWelcome.astro) from the
// server's answer: their first name, and each of their last orders with its day, dishes, total and
// "Order again". Plain DOM: the home page loads no React. The hero's own words are hidden, not removed,
// so nothing on the page moves.
import { asLocale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { savedWords } from "../../domain/i18n/ui/accountSaved";
import { toCents } from "../../domain/money";
import { orderAgain } from "./orderAgain";
import { orderDay } from "./orderDay";
import { noticeText } from "./reorderNoticeText";
import type { LastOrder } from "./savedApi";

export interface SignedInSession {
  signedIn: true;
  name: string;
  orders: LastOrder[];
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

export function showWelcome(session: SignedInSession): void {
  const welcome = document.querySelector<HTMLElement>("regular-welcome");
  const hero = welcome?.parentElement?.querySelector<HTMLElement>("[data-hero-content]");
  const list = welcome?.querySelector<HTMLElement>("[data-welcome-orders]");
  const problem = welcome?.querySelector<HTMLElement>("[data-welcome-problem]");
  if (!welcome || !hero || !list || !problem) return;
  const locale = asLocale(welcome.dataset.locale);
  const t = translator(savedWords, locale);
  const name = firstName(session.name);
  welcome.querySelector("[data-welcome-hello]")!.textContent = name ? welcome.dataset.hello!.replace("{name}", name) : welcome.dataset.hello!.replace(", {name}", "");
  if (session.orders.length === 0) welcome.querySelector("[data-welcome-lead]")!.textContent = welcome.dataset.none!;
  list.replaceChildren(...session.orders.map((order) => orderCard(order)));
  hero.style.visibility = "hidden";
  hero.inert = true;
  welcome.hidden = false;

  function orderCard(past: LastOrder): HTMLElement {
    const item = Object.assign(document.createElement("li"), { className: "flex flex-col justify-between gap-3 rounded-lg bg-white/95 p-4 text-ink" });
    const day = Object.assign(document.createElement("p"), { className: "text-sm font-semibold text-stone-700", textContent: `${orderDay(past.createdAt, locale)} · #${past.orderNumber}` });
    const dishes = Object.assign(document.createElement("p"), {
      textContent: `${past.items.map((dish) => `${dish.quantity} × ${dish.name}`).join(", ")} · ${localPrice(toCents(past.total), locale)}`,
    });
    const button = Object.assign(document.createElement("button"), {
      type: "button",
      className: "min-h-11 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60",
      textContent: welcome!.dataset.button!,
    });
    button.setAttribute("aria-label", t("again.buttonFor", past.orderNumber));
    button.addEventListener("click", async () => {
      button.disabled = true;
      button.textContent = t("again.working");
      problem!.textContent = "";
      try {
        const left = await orderAgain(past.orderId, past.orderNumber, locale);
        if (left === null) return;
        if (left !== "kept") problem!.textContent = [t("again.nothing"), ...left.map((notice) => noticeText(notice, locale))].join(" ");
      } catch {
        problem!.textContent = t("again.failed");
      }
      button.disabled = false;
      button.textContent = welcome!.dataset.button!;
    });
    item.append(day, dishes, button);
    return item;
  }
}
