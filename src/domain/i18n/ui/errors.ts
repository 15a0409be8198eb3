// What the API tells a customer when it refuses a request, by stable code: one entry per code with its
// English and Spanish (a missing Spanish is a compile error). Services throw errors carrying a code and
// the arguments its words need (`said("slot_past")`); src/server/platform/http.ts's handle() renders them in the
// request's language. Server-only words: no island imports this file. The words of each area (paying,
// gift cards, an order's dishes and time, couriers, one field's problem) live beside it in *Errors.ts.
import type { Locale } from "../locales";
import { words, type Dictionary } from "../translate";
import { accountErrorWords } from "./accountErrors";
import { cateringErrorWords } from "./cateringErrors";
import { courierErrorWords } from "./courierErrors";
import { fieldErrorWords } from "./fieldErrors";
import { giftCardErrorWords } from "./giftCardErrors";
import { loyaltyErrorWords } from "./loyaltyErrors";
import { textErrorWords } from "./textErrors";
import { offerErrorWords } from "./offerErrors";
import { orderErrorWords } from "./orderErrors";
import { paymentErrorWords } from "./paymentErrors";

export type { RefusedField } from "./paymentErrors";
export type { NextFreeTime } from "./orderErrors";

export const errorWords = {
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

  // Reading
  order_not_found: { en: "We could not find that order.", es: "No encontramos ese pedido." },
  // "I'm here" on a curbside order's page
  arrival_not_curbside: { en: "This order is not a curbside pickup.", es: "Este pedido no es para recoger en la acera." },
  arrival_not_open: {
    en: "\"I'm here\" opens an hour before your pickup time and closes an hour after it. Please call us if you need help.",
    es: "\"Ya llegué\" se abre una hora antes de tu hora de recogida y se cierra una hora después. Llámanos si necesitas ayuda.",
  },
  arrival_order_done: { en: "This order is no longer waiting to be picked up.", es: "Este pedido ya no está esperando a ser recogido." },
  arrival_too_many: {
    en: "Too many requests from your network. Please wait a minute and try again, or call us.",
    es: "Demasiadas solicitudes desde tu red. Espera un minuto e inténtalo de nuevo, o llámanos.",
  },
  image_not_found: { en: "There is no image here.", es: "No hay ninguna imagen aquí." },

  // The contact form (its English sentences are src/domain/contactForm.ts's)
  contact_fields_required: { en: "Please fill in all required fields.", es: "Completa todos los campos obligatorios." },
  contact_too_many: {
    en: "You have sent several messages in a short time. Please wait a few minutes and try again, or call us directly.",
    es: "Has enviado varios mensajes en poco tiempo. Espera unos minutos e inténtalo de nuevo, o llámanos directamente.",
  },

  ...paymentErrorWords,
  ...giftCardErrorWords,
  ...orderErrorWords,
  ...courierErrorWords,
  ...fieldErrorWords,
  ...accountErrorWords,
  ...offerErrorWords,
  ...loyaltyErrorWords,
  ...cateringErrorWords,
  ...textErrorWords,
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
