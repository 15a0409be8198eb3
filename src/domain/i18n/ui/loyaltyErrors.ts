// What the API tells a diner about loyalty points, by code, in both languages (spread into errors.ts's
// dictionary): proving a phone with a code, joining the program, spending a reward.
import type { Dictionary } from "../translate";

export const loyaltyErrorWords = {
  loyalty_off: { en: "Points are not available right now.", es: "Los puntos no están disponibles en este momento." },
  loyalty_phone_invalid: {
    en: "Enter a US mobile number, for example (305) 555-0142.",
    es: "Escribe un número de celular de EE. UU., por ejemplo (305) 555-0142.",
  },
  loyalty_codes_too_many: {
    en: "Too many codes were asked for. Please wait up to an hour and try again.",
    es: "Se pidieron demasiados códigos. Espera hasta una hora e inténtalo de nuevo.",
  },
  loyalty_codes_today: {
    en: "You have asked for 3 codes today. Please try again tomorrow.",
    es: "Ya pediste 3 códigos hoy. Inténtalo de nuevo mañana.",
  },
  loyalty_phone_not_us: {
    en: "We can text codes only to US mobile numbers. Enter a US number, for example (305) 555-0142.",
    es: "Solo podemos enviar códigos a celulares de EE. UU. Escribe un número de EE. UU., por ejemplo (305) 555-0142.",
  },
  loyalty_texts_paused: {
    en: "Texted codes are paused for now because of unusual demand. Please try again in an hour.",
    es: "El envío de códigos por mensaje está en pausa por una demanda inusual. Inténtalo de nuevo en una hora.",
  },
  loyalty_code_not_asked: {
    en: "Ask for a code to this number first, then type the code you receive.",
    es: "Primero pide un código para este número y luego escribe el código que recibas.",
  },
  loyalty_checks_too_many: {
    en: "Too many tries at a code. Please wait 10 minutes and try again.",
    es: "Demasiados intentos con el código. Espera 10 minutos e inténtalo de nuevo.",
  },
  loyalty_code_wrong: { en: "That code is not right. Check the text message and try again.", es: "Ese código no es correcto. Revisa el mensaje de texto e inténtalo de nuevo." },
  loyalty_code_expired: {
    en: "This code has run out or was tried too many times. Ask for a new one.",
    es: "Este código venció o se intentó demasiadas veces. Pide uno nuevo.",
  },
  loyalty_verify_unavailable: {
    en: "We could not send a code right now. Please try again in a few minutes.",
    es: "No pudimos enviar un código en este momento. Inténtalo de nuevo en unos minutos.",
  },
  loyalty_phone_unproven: { en: "Please prove your phone number first.", es: "Primero confirma tu número de teléfono." },
  loyalty_terms_required: { en: "Please agree to the program's terms to join.", es: "Acepta los términos del programa para unirte." },
  loyalty_square_busy: {
    en: "Points could not be reached just now. Please try again in a minute.",
    es: "No pudimos consultar tus puntos en este momento. Inténtalo de nuevo en un minuto.",
  },
  square_lookups_too_many: {
    en: "Your points were checked many times in a short while. Please wait a minute and try again.",
    es: "Tus puntos se consultaron muchas veces en poco tiempo. Espera un minuto e inténtalo de nuevo.",
  },
  square_lookups_busy: {
    en: "Many people are checking their points right now. Please try again in a minute.",
    es: "Muchas personas están consultando sus puntos en este momento. Inténtalo de nuevo en un minuto.",
  },
  loyalty_reward_spent: {
    en: "Those points were spent at the counter meanwhile, so this reward is no longer available. Nothing was charged: choose again, or pay without it.",
    es: "Esos puntos se usaron en el mostrador mientras tanto, así que esta recompensa ya no está disponible. No se cobró nada: elige de nuevo o paga sin ella.",
  },
  loyalty_total_changed: {
    en: "The total with your reward changed before paying, so nothing was charged. Please check the new total and pay again.",
    es: "El total con tu recompensa cambió antes de pagar, así que no se cobró nada. Revisa el nuevo total y vuelve a pagar.",
  },
  loyalty_reward_needs_account: {
    en: "Sign in and link your rewards to use a reward.",
    es: "Inicia sesión y vincula tus recompensas para usar una recompensa.",
  },
  loyalty_reward_unknown: { en: "This reward is not offered any more.", es: "Esta recompensa ya no se ofrece." },
  loyalty_reward_with_code: {
    en: "A promo code and a reward cannot be used together on one order.",
    es: "No se pueden usar un código promocional y una recompensa en el mismo pedido.",
  },
} satisfies Dictionary;
