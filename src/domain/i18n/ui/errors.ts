// What the API tells a customer when it refuses a request, by stable code: one entry per code with its
// English and Spanish (a missing Spanish is a compile error). Services throw errors carrying a code and
// the arguments its words need (`said("slot_past")`); src/server/platform/http.ts's handle() renders them in the
// request's language. Server-only words: no island imports this file.
import { UNDELIVERABLE_ZIP } from "../../delivery";
import { formatAmount, type Cents } from "../../money";
import { PAYMENT_WORDS } from "../../payment";
import type { Locale } from "../locales";
import { localPrice } from "../prices";
import { words, type Dictionary } from "../translate";
import { courierErrorWords } from "./courierErrors";

/** A field Square may refuse, named in the customer's words. */
export type RefusedField = "phone" | "email" | "zip" | "address" | "name" | "note" | "details";

const REFUSED_FIELD_WORDS: Record<Locale, Record<RefusedField, string>> = {
  en: { phone: "phone number", email: "e-mail address", zip: "ZIP code", address: "delivery address", name: "name", note: "note", details: "order details" },
  es: { phone: "teléfono", email: "correo electrónico", zip: "código postal", address: "dirección de entrega", name: "nombre", note: "nota", details: "datos del pedido" },
};

const joined = (locale: Locale, fields: readonly RefusedField[]) =>
  fields.map((field) => REFUSED_FIELD_WORDS[locale][field]).join(locale === "es" ? " y " : " and ");

/** The next slot with room, labelled in each language ("Saturday, Nov 21" and "12:45 PM"). */
export type NextFreeTime = { today: boolean } & Record<Locale, { day: string; time: string }>;

const FULFILMENT_WORDS = { pickup: "pickup", delivery: "delivery" } as const;

export const errorWords = {
  ...courierErrorWords,
  // The request itself
  json_required: {
    en: "Send the request body as JSON with the header Content-Type: application/json.",
    es: "Envía el cuerpo de la solicitud como JSON, con el encabezado Content-Type: application/json.",
  },
  body_too_large: words(
    (maxBytes: number) => `The request body is too large (limit ${maxBytes} bytes).`,
    (maxBytes: number) => `La solicitud es demasiado grande (límite: ${maxBytes} bytes).`,
  ),
  invalid_json: { en: "The request body is not valid JSON.", es: "El cuerpo de la solicitud no es un JSON válido." },
  body_too_deep: { en: "The request body is nested too deeply.", es: "El cuerpo de la solicitud tiene demasiados niveles anidados." },
  invalid_fields: { en: "Some fields are missing or invalid.", es: "Faltan algunos datos o no son válidos." },
  idempotency_key_invalid: {
    en: "Send one Idempotency-Key header per checkout attempt (16 to 45 letters, digits, '-' or '_').",
    es: "Envía un encabezado Idempotency-Key por cada intento de pago (de 16 a 45 letras, dígitos, '-' o '_').",
  },
  internal_error: { en: "Something went wrong on our side. Please try again.", es: "Algo salió mal de nuestro lado. Inténtalo de nuevo." },
  database_unavailable: words(
    (phone: string) => `Online ordering is unavailable right now. Please call us at ${phone} to order, or try again in a few minutes.`,
    (phone: string) => `Los pedidos en línea no están disponibles en este momento. Llámanos al ${phone} para ordenar, o inténtalo de nuevo en unos minutos.`,
  ),
  database_unavailable_not_charged: words(
    (phone: string) =>
      `Online ordering is unavailable right now. Please call us at ${phone} to order, or try again in a few minutes. Your card was not charged.`,
    (phone: string) =>
      `Los pedidos en línea no están disponibles en este momento. Llámanos al ${phone} para ordenar, o inténtalo de nuevo en unos minutos. No se hizo ningún cargo a tu tarjeta.`,
  ),
  ordering_unavailable: words(
    (phone: string) => `Online ordering is not available right now. Please call us at ${phone} to order.`,
    (phone: string) => `Los pedidos en línea no están disponibles en este momento. Llámanos al ${phone} para ordenar.`,
  ),

  // Paying
  not_charged: {
    en: "We could not take your order just now and your card was not charged. Please try again in a moment.",
    es: "No pudimos tomar tu pedido en este momento y no se hizo ningún cargo a tu tarjeta. Inténtalo de nuevo en un momento.",
  },
  charged_not_saved: words(
    (phone: string) =>
      `Your payment went through, but we could not save your order just now. Please try again in a moment (you will not be charged twice) or call us at ${phone}.`,
    (phone: string) =>
      `Tu pago se procesó, pero no pudimos guardar tu pedido en este momento. Inténtalo de nuevo en un momento (no se te cobrará dos veces) o llámanos al ${phone}.`,
  ),
  still_processing: {
    en: "Your payment is still being processed. Please wait a moment and check again: you will not be charged twice.",
    es: "Tu pago todavía se está procesando. Espera un momento y vuelve a revisar: no se te cobrará dos veces.",
  },
  verification_required: {
    en: "For your security, your bank needs to confirm this card payment. Please pay again and complete your bank's check.",
    es: "Por tu seguridad, tu banco debe confirmar este pago con tarjeta. Vuelve a pagar y completa la verificación de tu banco.",
  },
  attempt_ended: {
    en: "This payment did not go through and your card was not charged. Please pay again.",
    es: "Este pago no se completó y no se hizo ningún cargo a tu tarjeta. Vuelve a pagar, por favor.",
  },
  provider_unavailable: {
    en: "The payment service is not answering right now. Please try again: you will not be charged twice.",
    es: "El servicio de pagos no responde en este momento. Inténtalo de nuevo: no se te cobrará dos veces.",
  },
  payments_busy: {
    en: "So many people are ordering right now that the payment service asked us to wait. Your card was not charged. Please try again in a minute.",
    es: "Hay tantos pedidos en este momento que el servicio de pagos nos pidió esperar. No se hizo ningún cargo a tu tarjeta. Inténtalo de nuevo en un minuto.",
  },
  prices_out_of_step: words(
    (phone: string) => `Our prices are out of step with the payment system, so your card was not charged. Please call us at ${phone}.`,
    (phone: string) => `Nuestros precios no coinciden con el sistema de pagos, así que no se hizo ningún cargo a tu tarjeta. Llámanos al ${phone}.`,
  ),
  key_reused: {
    en: "This checkout attempt was already used for a different order. Please reload the page and try again.",
    es: "Este intento de pago ya se usó para otro pedido. Vuelve a cargar la página e inténtalo de nuevo.",
  },
  key_reused_payment: {
    en: "This checkout attempt was already used for a different payment. Please reload the page and try again.",
    es: "Este intento de pago ya se usó para otro pago. Vuelve a cargar la página e inténtalo de nuevo.",
  },
  card_declined: {
    en: "Your card was declined. Check the details or use another card.",
    es: "Tu tarjeta fue rechazada. Revisa los datos o usa otra tarjeta.",
  },
  card_entry_used: {
    en: "This card entry was already used. Please enter your card again.",
    es: "Estos datos de tarjeta ya se usaron. Vuelve a ingresar tu tarjeta.",
  },
  card_entry_expired: {
    en: "This card entry has expired. Please enter your card again.",
    es: "Estos datos de tarjeta vencieron. Vuelve a ingresar tu tarjeta.",
  },
  // The checkout says the same when the bank's check fails in the browser (one sentence, src/domain/payment.ts).
  verification_failed: PAYMENT_WORDS.verificationFailed,
  payment_details_refused: words(
    (fields: readonly RefusedField[]) =>
      `The payment service did not accept your ${joined("en", fields)}. Please check ${fields.length > 1 ? "them" : "it"} and try again.`,
    (fields: readonly RefusedField[]) =>
      `El servicio de pagos no aceptó ${fields.length > 1 ? "estos datos" : "este dato"}: ${joined("es", fields)}. Revísa${fields.length > 1 ? "los" : "lo"} e inténtalo de nuevo.`,
  ),
  gift_card_short: {
    en: "Your gift card does not cover this total. Lower or remove the tip, or pay by card.",
    es: "Tu tarjeta de regalo no cubre este total. Baja o quita la propina, o paga con tarjeta.",
  },
  gift_card_covers_all: {
    en: "Your gift card covers the whole total: pay with the gift card alone.",
    es: "Tu tarjeta de regalo cubre todo el total: paga solo con la tarjeta de regalo.",
  },
  too_many_attempts: {
    en: "You have tried to pay several times in a short while. Please wait a few minutes and try again, or call us to order.",
    es: "Intentaste pagar varias veces en poco tiempo. Espera unos minutos e inténtalo de nuevo, o llámanos para ordenar.",
  },
  too_many_declines: {
    en: "Several cards were declined in a row, so online payment is paused for you for a while. Please call us to order.",
    es: "Se rechazaron varias tarjetas seguidas, así que el pago en línea queda en pausa para ti por un rato. Llámanos para ordenar.",
  },

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

  // Reading
  order_not_found: { en: "We could not find that order.", es: "No encontramos ese pedido." },
  image_not_found: { en: "There is no image here.", es: "No hay ninguna imagen aquí." },

  // The contact form (its English sentences are src/domain/contactForm.ts's)
  contact_fields_required: { en: "Please fill in all required fields.", es: "Completa todos los campos obligatorios." },
  contact_too_many: {
    en: "You have sent several messages in a short time. Please wait a few minutes and try again, or call us directly.",
    es: "Has enviado varios mensajes en poco tiempo. Espera unos minutos e inténtalo de nuevo, o llámanos directamente.",
  },

  // One field's problem (an entry of `issues`)
  field_required: { en: "This field is required.", es: "Este campo es obligatorio." },
  field_too_long: words(
    (max: number) => `At most ${max} characters.`,
    (max: number) => `Como máximo ${max} caracteres.`,
  ),
  invalid_value: { en: "This value is not valid.", es: "Este valor no es válido." },
  invalid_name: { en: "Enter your name.", es: "Escribe tu nombre." },
  invalid_email: { en: "Please enter a valid email address.", es: "Escribe un correo electrónico válido." },
  invalid_phone: {
    en: "a phone number with its area code, such as (305) 555-0142",
    es: "un número de teléfono con su código de área, como (305) 555-0142",
  },
  invalid_zip_code: { en: "a 5-digit ZIP code", es: "un código postal de 5 dígitos" },
  invalid_address: { en: "Enter the delivery address.", es: "Escribe la dirección de entrega." },
  delivery_address_missing: { en: "a delivery needs an address and ZIP code", es: "una entrega a domicilio necesita dirección y código postal" },
  invalid_order_type: { en: "pickup or delivery", es: "recoger en el local o entrega a domicilio" },
  invalid_slot: { en: "a time from the list of times", es: "una hora de la lista" },
  cart_empty: { en: "the cart is empty", es: "el carrito está vacío" },
  too_many_lines: words(
    (max: number) => `at most ${max} different dishes per online order; call us for larger orders`,
    (max: number) => `como máximo ${max} platos distintos por pedido en línea; llámanos para pedidos más grandes`,
  ),
  too_many_dishes: words(
    (max: number) => `at most ${max} dishes per online order; call us for larger orders`,
    (max: number) => `como máximo ${max} platos por pedido en línea; llámanos para pedidos más grandes`,
  ),
  quantity_too_large: words(
    (max: number) => `at most ${max} of one dish per online order; call us for larger orders`,
    (max: number) => `como máximo ${max} unidades de un mismo plato por pedido en línea; llámanos para pedidos más grandes`,
  ),
  invalid_quantity: { en: "a whole number of dishes", es: "un número entero de platos" },
  invalid_option: { en: "an option from the menu", es: "una opción del menú" },
  invalid_tip: { en: "dollars and cents, zero or more", es: "dólares y centavos, cero o más" },
  tip_limit: words(
    (maxCents: Cents) => `at most $${formatAmount(maxCents)}`,
    (maxCents: Cents) => `como máximo ${localPrice(maxCents, "es")}`,
  ),
  control_characters: {
    en: "Please use only letters, digits and punctuation (no control or direction characters).",
    es: "Usa solo letras, dígitos y signos de puntuación (sin caracteres de control ni de dirección).",
  },
  payment_token_missing: { en: "the card entry is missing: enter your card again", es: "faltan los datos de la tarjeta: vuelve a ingresarla" },
  outside_delivery_area_field: { en: "outside our delivery area", es: "fuera de nuestra zona de entrega" },
  payment_field_refused: { en: "not accepted", es: "no aceptado" },
  /** Issues whose message is a value the checkout reads, the same in every language: today's price ("12.50"), */
  current_price: words(
    (amount: string) => amount,
    (amount: string) => amount,
  ),
  /** and the next slot with room (an ISO instant, or "none"). */
  next_free_time: words(
    (at: string) => at,
    (at: string) => at,
  ),
} satisfies Dictionary;

export type ErrorCode = keyof typeof errorWords;
type ArgsOf<C extends ErrorCode> = (typeof errorWords)[C]["en"] extends (...args: infer A) => string ? A : [];

/** A refusal as a code and the arguments of its words: rendered in each request's language. */
export interface Said {
  readonly code: ErrorCode;
  readonly args: readonly unknown[];
  /** Sentences that follow it ("(and 2 more)", "Please update your cart."), each in the same language. */
  readonly then?: readonly Said[];
}

export function said<C extends ErrorCode>(code: C, ...args: ArgsOf<C>): Said {
  return { code, args };
}

/** `first` followed by more words: the answer keeps `first`'s code. */
export function followedBy(first: Said, ...then: Said[]): Said {
  return { ...first, then: [...(first.then ?? []), ...then] };
}

/** The words of a refusal in a language. */
export function errorText(refusal: Said, locale: Locale): string {
  const text: string | ((...args: never[]) => string) = errorWords[refusal.code][locale];
  const own = typeof text === "function" ? (text as (...args: readonly unknown[]) => string)(...refusal.args) : text;
  return [own, ...(refusal.then ?? []).map((next) => errorText(next, locale))].join(" ");
}

