// What the API tells a diner about a promo code, by code, in both languages (spread into errors.ts's
// dictionary): one plain sentence each, and never which rule of a code's a guess came close to.
import { formatAmount, type Cents } from "../../money";
import { words, type Dictionary } from "../translate";

export const offerErrorWords = {
  offer_unknown: { en: "That code is not valid.", es: "Ese código no es válido." },
  offer_not_started: { en: "That code is not active yet.", es: "Ese código todavía no está activo." },
  offer_expired: { en: "That code has expired.", es: "Ese código ya venció." },
  offer_paused: { en: "That code is paused right now.", es: "Ese código está en pausa por ahora." },
  offer_used_up: { en: "That code has been used up.", es: "Ese código ya se agotó." },
  offer_used_by_you: { en: "You have already used that code.", es: "Ya usaste ese código." },
  offer_first_order: { en: "That code is for a first order only.", es: "Ese código es solo para el primer pedido." },
  offer_card_first_order: {
    en: "That code is for a first order, and this card has paid an order here before: nothing was charged.",
    es: "Ese código es para un primer pedido, y esta tarjeta ya pagó un pedido aquí: no se cobró nada.",
  },
  offer_card_used: {
    en: "That code has already been used with this card: nothing was charged.",
    es: "Ese código ya se usó con esta tarjeta: no se cobró nada.",
  },
  offer_tender_unknown: {
    en: "That code needs a card, a gift card or Cash App we can tell apart, and this payment is none of them: nothing was charged. Pay another way, or without the code.",
    es: "Ese código necesita una tarjeta, una tarjeta de regalo o Cash App que podamos distinguir, y este pago no es ninguno de ellos: no se cobró nada. Paga de otra forma, o sin el código.",
  },
  offer_min_subtotal: words(
    (cents: Cents) => `That code needs a subtotal of at least $${formatAmount(cents)}.`,
    (cents: Cents) => `Ese código necesita un subtotal de al menos $${formatAmount(cents)}.`,
  ),
  offer_no_dish: { en: "That code is for dishes that are not in your cart.", es: "Ese código es para platos que no están en tu carrito." },
  offer_whole_order: {
    en: "That code would cover the whole order, and a card cannot be charged nothing: add another dish.",
    es: "Ese código cubriría todo el pedido, y no se puede cobrar nada a una tarjeta: agrega otro plato.",
  },
  offer_too_many_tries: {
    en: "Too many codes tried. Please wait a few minutes and try again.",
    es: "Demasiados códigos probados. Espera unos minutos e inténtalo de nuevo.",
  },
} satisfies Dictionary;
