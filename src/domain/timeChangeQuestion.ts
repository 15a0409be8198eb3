// The question a dish for another time asks before it moves the whole order, in the diner's language. Its
// own module: the full menu loads it with the dialog, on the tap that needs it, not with its first script.
import type { Locale } from "./i18n/locales";
import { untilEs, whenText } from "./orderingState";

/**
 * "Change your order to 5:00 PM?": asked before a pre-order's time becomes the whole order's while the cart
 * holds dishes not served then (`names`), which the new time would leave out. `other` offers the separate
 * order: this one checked out first, the dish then ordered on its own for its time.
 */
export function timeChangeQuestion(at: Date, now: Date, names: readonly string[], locale: Locale = "en"): { title: string; text: string; yes: string; no: string; other: string } {
  const dishes = names.join(", ");
  if (locale === "es") {
    const when = untilEs(at, now);
    return {
      title: `¿Cambiar tu pedido para ${when}?`,
      text: `Estos platos no pueden ir en ese pedido: ${dishes}. También puedes pagar este pedido primero y pedir este plato para ${when} en un pedido aparte.`,
      yes: `Cambiar para ${when}`,
      no: "Seguir pidiendo para ahora",
      other: "Pagar este pedido primero",
    };
  }
  const when = whenText(at, now, "en");
  return {
    title: `Change your order to ${when}?`,
    text: `${dishes} can't join it. Or check out this order first, then order this dish for ${when} as a separate order.`,
    yes: `Change to ${when}`,
    no: "Keep ordering for now",
    other: "Check out this order first",
  };
}
