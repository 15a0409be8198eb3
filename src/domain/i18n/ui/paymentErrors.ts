// What the API tells a customer about paying for an order, by code, in both languages (spread into
// errors.ts's dictionary): the card, the payment service, the checkout attempt and its limits.
import { PAYMENT_WORDS } from "../../payment";
import type { Locale } from "../locales";
import { words, type Dictionary } from "../translate";

/** A field Square may refuse, named in the customer's words. */
export type RefusedField = "phone" | "email" | "zip" | "address" | "name" | "note" | "details";

const REFUSED_FIELD_WORDS: Record<Locale, Record<RefusedField, string>> = {
  en: { phone: "phone number", email: "e-mail address", zip: "ZIP code", address: "delivery address", name: "name", note: "note", details: "order details" },
  es: { phone: "teléfono", email: "correo electrónico", zip: "código postal", address: "dirección de entrega", name: "nombre", note: "nota", details: "datos del pedido" },
};

const joined = (locale: Locale, fields: readonly RefusedField[]) =>
  fields.map((field) => REFUSED_FIELD_WORDS[locale][field]).join(locale === "es" ? " y " : " and ");

export const paymentErrorWords = {
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
  gift_card_read_spent: {
    en: "Your gift card could not be checked without using up its entry, so nothing was charged. Please pay with a card or a wallet (Apple Pay, Google Pay, Cash App Pay).",
    es: "No pudimos comprobar tu tarjeta de regalo sin gastar sus datos, así que no se cobró nada. Paga con una tarjeta o una billetera (Apple Pay, Google Pay, Cash App Pay).",
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
  too_many_attempts: {
    en: "You have tried to pay several times in a short while. Please wait a few minutes and try again, or call us to order.",
    es: "Intentaste pagar varias veces en poco tiempo. Espera unos minutos e inténtalo de nuevo, o llámanos para ordenar.",
  },
  too_many_declines: {
    en: "Several cards were declined in a row, so online payment is paused for you for a while. Please call us to order.",
    es: "Se rechazaron varias tarjetas seguidas, así que el pago en línea queda en pausa para ti por un rato. Llámanos para ordenar.",
  },
} satisfies Dictionary;
