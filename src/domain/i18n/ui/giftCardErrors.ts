// What the API tells a customer about gift cards, by code, in both languages (spread into errors.ts's
// dictionary): paying an order with one, checking a balance, buying one. The sentences the gift card page
// shows too are giftCardWords' own; the codes are the API's, as its clients know them.
import type { Dictionary } from "../translate";
import { giftCardWords } from "./giftCards";

export const giftCardErrorWords = {
  gift_card_short: {
    en: "Your gift card does not cover this total. Lower or remove the tip, or pay by card.",
    es: "Tu tarjeta de regalo no cubre este total. Baja o quita la propina, o paga con tarjeta.",
  },
  gift_card_covers_all: {
    en: "Your gift card covers the whole total: pay with the gift card alone.",
    es: "Tu tarjeta de regalo cubre todo el total: paga solo con la tarjeta de regalo.",
  },
  gift_card_malformed: giftCardWords["refused.malformed"],
  gift_card_unknown: giftCardWords["refused.unknown"],
  gift_card_inactive: giftCardWords["refused.inactive"],
  gift_card_tooManyLookups: giftCardWords["refused.tooManyLookups"],
  gift_card_too_many: giftCardWords["refused.tooManySales"],
  gift_card_sold_out_hour: {
    en: "We have sold as many gift cards online as we can this hour. Please try again later, or call us.",
    es: "Ya vendimos en línea todas las tarjetas de regalo que podemos en esta hora. Inténtalo más tarde o llámanos.",
  },
  gift_card_lookups_busy: {
    en: "Many people are checking gift card balances right now. Please wait a minute and try again.",
    es: "Mucha gente está consultando saldos de tarjetas de regalo ahora. Espera un minuto e inténtalo de nuevo.",
  },
  gift_card_unavailable: giftCardWords["refused.unavailable"],
  gift_card_not_reached: giftCardWords["refused.notReached"],
} satisfies Dictionary;
