// What the API tells a customer about what an order holds and when it is for, by code, in both
// languages (spread into errors.ts's dictionary): the dishes, their options, the tip, the time chosen.
import { UNDELIVERABLE_ZIP } from "../../delivery";
import { formatAmount, type Cents } from "../../money";
import type { Locale } from "../locales";
import { localPrice } from "../prices";
import { words, type Dictionary } from "../translate";

/** The next slot with room, labelled in each language ("Saturday, Nov 21" and "12:45 PM"). */
export type NextFreeTime = { today: boolean } & Record<Locale, { day: string; time: string }>;

const FULFILMENT_WORDS = { pickup: "pickup", delivery: "delivery" } as const;

export const orderErrorWords = {
  // The cart
  unknown_dish: words(
    (name: string | null, id: number) => `${name ? `"${name}"` : `Item ${id}`} is not on our menu.`,
    (name: string | null, id: number) => `${name ? `"${name}"` : `El plato ${id}`} no está en nuestro menú.`,
  ),
  dish_sold_out: words(
    (dish: string) => `${dish} is out of stock.`,
    (dish: string) => `${dish} está agotado.`,
  ),
  kitchen_closed: words(
    (dish: string, section: string) => `${dish} is not available right now: ${section} is closed.`,
    (dish: string, section: string) => `${dish} no está disponible en este momento: ${section} está cerrado.`,
  ),
  // A dish's options against its menu rules. English: the menu's own sentence (src/domain/dishOptions.ts,
  // "The Classic, Add-ons: choose up to 3."); Spanish: the same rule with the Spanish menu's names.
  option_unknown: words(
    (english: string, _dish: string) => english,
    (_english: string, dish: string) => `${dish}: esa opción no está en el menú.`,
  ),
  option_sold_out: words(
    (english: string, _dish: string, _option: string) => english,
    (_english: string, dish: string, option: string) => `${dish}: se agotó ${option}.`,
  ),
  option_quantity: words(
    (english: string, _dish: string, _option: string, _wholeNumbers: boolean) => english,
    (_english: string, dish: string, option: string, wholeNumbers: boolean) =>
      `${dish}: ${option} se puede elegir ${wholeNumbers ? "un número entero de veces" : "solo una vez"}.`,
  ),
  option_repeated: words(
    (english: string, _dish: string, _group: string) => english,
    (_english: string, dish: string, group: string) => `${dish}, ${group}: cada opción una sola vez, con su cantidad.`,
  ),
  option_limit: words(
    (english: string, _dish: string, _group: string, _min: number, _max: number) => english,
    (_english: string, dish: string, group: string, min: number, max: number) =>
      `${dish}, ${group}: ${min === max ? (min === 1 ? "elige exactamente una" : `elige exactamente ${min}`) : min === 0 ? `elige hasta ${max}` : `elige entre ${min} y ${max}`}.`,
  ),
  outside_delivery_area: words(UNDELIVERABLE_ZIP.en, UNDELIVERABLE_ZIP.es),
  tip_too_large: { en: "The tip cannot be more than the order's subtotal.", es: "La propina no puede ser mayor que el subtotal del pedido." },
  tip_invalid: {
    en: "The tip must be zero or a positive amount in dollars and cents.",
    es: "La propina debe ser cero o una cantidad positiva en dólares y centavos.",
  },
  prices_changed: words(
    (totalCents: Cents) =>
      `Prices have changed since these dishes went into your cart: the total is now $${formatAmount(totalCents)}. Please check your order and pay again.`,
    (totalCents: Cents) =>
      `Los precios cambiaron desde que agregaste estos platos al carrito: el total ahora es ${localPrice(totalCents, "es")}. Revisa tu pedido y vuelve a pagar.`,
  ),

  // The time it is ordered for
  // The staff's own message in each language (src/domain/scheduleSpanish.ts: their Spanish, else its fallback).
  kitchen_paused: words(
    (message: Record<Locale, string>) => message.en || "Online ordering is paused right now.",
    (message: Record<Locale, string>) => message.es || "Los pedidos en línea están en pausa en este momento. Inténtalo más tarde o llámanos.",
  ),
  slot_invalid: { en: "The chosen time is not a valid time.", es: "La hora elegida no es válida." },
  slot_not_quarter_hour: words(
    (minutes: number) => `Please choose a time on the quarter hour (every ${minutes} minutes).`,
    (minutes: number) => `Elige una hora en punto o en cuartos de hora (cada ${minutes} minutos).`,
  ),
  slot_past: { en: "The chosen time has already passed. Please choose a later time.", es: "La hora elegida ya pasó. Elige una hora más tarde." },
  slot_too_soon: words(
    (fulfilment: keyof typeof FULFILMENT_WORDS, minutes: number) =>
      `The chosen time is too soon: ${FULFILMENT_WORDS[fulfilment]} orders need at least ${minutes} minutes.`,
    (fulfilment: keyof typeof FULFILMENT_WORDS, minutes: number) =>
      `La hora elegida es demasiado pronto: los pedidos ${fulfilment === "delivery" ? "a domicilio" : "para recoger"} necesitan al menos ${minutes} minutos.`,
  ),
  slot_too_far: words(
    (days: number) => `Orders can be placed up to ${days} days ahead. Please choose an earlier date.`,
    (days: number) => `Puedes ordenar con hasta ${days} días de anticipación. Elige una fecha más cercana.`,
  ),
  day_closed: words(
    (note: Record<Locale, string>) => `${note.en || "We are closed that day"}. Please choose another date.`,
    (note: Record<Locale, string>) => `${note.es || "Ese día estamos cerrados"}. Elige otra fecha.`,
  ),
  section_not_serving: words(
    (section: string) => `${section} is not serving at the chosen time. Please choose a time within its hours.`,
    (section: string) => `${section} no está sirviendo a la hora elegida. Elige una hora dentro de su horario.`,
  ),
  slot_full: words(
    (next: NextFreeTime | null) =>
      next
        ? `That time is fully booked. The next free time is ${next.today ? "today" : next.en.day} at ${next.en.time}.`
        : "That time is fully booked, and no later time has room this week. Please call us to order.",
    (next: NextFreeTime | null) =>
      next
        ? `Esa hora ya está completa. La próxima hora libre es ${next.today ? "hoy" : `el ${next.es.day}`} a las ${next.es.time}.`
        : "Esa hora ya está completa y no queda ninguna hora libre esta semana. Llámanos para ordenar.",
  ),
  slot_taken: { en: "That time is fully booked. Please choose another time.", es: "Esa hora ya está completa. Elige otra hora." },
  cannot_order_now: {
    en: "We cannot take orders for right now. Please choose a later time.",
    es: "No podemos tomar pedidos para este momento. Elige una hora más tarde.",
  },
  kitchen_full: {
    en: "The kitchen is fully booked for now. Please choose a later time.",
    es: "La cocina está llena por ahora. Elige una hora más tarde.",
  },

  // The words after a cart's first problem: "(and 2 more) Please update your cart."
  cart_more: words(
    (count: number) => `(and ${count} more)`,
    (count: number) => `(y ${count} más)`,
  ),
  cart_update: { en: "Please update your cart.", es: "Actualiza tu carrito." },
} satisfies Dictionary;
