// The loyalty panels' words (the account page's and the checkout's), English and Spanish side by side.
import type { Locale } from "./i18n/locales";
import { words, type Dictionary } from "./i18n/translate";

/** "1 point", "12 puntos": a count in the diner's language (a negative balance stays negative, as Square keeps it). */
export function pointsWords(points: number, locale: Locale): string {
  const one = Math.abs(points) === 1;
  return locale === "es" ? `${points} ${one ? "punto" : "puntos"}` : `${points} ${one ? "point" : "points"}`;
}

export const loyaltyUiWords = {
  "heading": { en: "Rewards points", es: "Puntos de recompensa" },
  "lead": {
    en: "One card of points with the counter: the points you earn in the restaurant and online are the same, kept by your phone number.",
    es: "Una sola tarjeta de puntos con el mostrador: los puntos que ganas en el restaurante y en línea son los mismos, guardados con tu número de teléfono.",
  },
  "phone.label": { en: "Mobile number", es: "Número de celular" },
  "phone.send": { en: "Text me a code", es: "Envíame un código" },
  "phone.sent": words(
    (phone: string) => `We texted a code to ${phone}. It works for 10 minutes.`,
    (phone: string) => `Enviamos un código a ${phone}. Funciona durante 10 minutos.`,
  ),
  "code.label": { en: "Code from the text message", es: "Código del mensaje de texto" },
  "code.check": { en: "Confirm my number", es: "Confirmar mi número" },
  "phone.proven": words((phone: string) => `Your number: ${phone}`, (phone: string) => `Tu número: ${phone}`),
  "join.heading": { en: "Join the rewards program", es: "Únete al programa de recompensas" },
  "join.agree": { en: "I agree to these terms", es: "Acepto estos términos" },
  "join.button": { en: "Join", es: "Unirme" },
  "balance": words((points: string) => `Your balance: ${points}`, (points: string) => `Tu saldo: ${points}`),
  "tiers.heading": { en: "Rewards", es: "Recompensas" },
  "tier": words((points: string, reward: string) => `${points}: ${reward}`, (points: string, reward: string) => `${points}: ${reward}`),
  "failed": { en: "Something went wrong. Please try again.", es: "Algo salió mal. Inténtalo de nuevo." },
  "checkout.heading": { en: "Your points", es: "Tus puntos" },
  "checkout.earn": words((points: string) => `This order earns ${points}.`, (points: string) => `Este pedido te da ${points}.`),
  "checkout.balance": words((points: string) => `Your balance: ${points}.`, (points: string) => `Tu saldo: ${points}.`),
  "checkout.discounted": { en: "Discounted items earn no points.", es: "Los artículos con descuento no suman puntos." },
  "checkout.join": {
    en: "Earn points on this order: confirm your phone on your account page.",
    es: "Gana puntos con este pedido: confirma tu teléfono en la página de tu cuenta.",
  },
  "checkout.codeBlocks": {
    en: "This promo code cannot be used together with a reward.",
    es: "Este código promocional no se puede usar junto con una recompensa.",
  },
  "checkout.rewards": { en: "Use a reward on this order", es: "Usa una recompensa en este pedido" },
  "checkout.noReward": { en: "No reward", es: "Sin recompensa" },
  "checkout.use": words((reward: string, points: string) => `${reward} (${points})`, (reward: string, points: string) => `${reward} (${points})`),
  "checkout.rewardTotal": words((total: string) => `Total with your reward: ${total}`, (total: string) => `Total con tu recompensa: ${total}`),
  "checkout.rewardOff": words((amount: string) => `Reward: −${amount}`, (amount: string) => `Recompensa: −${amount}`),
  "checkout.notNow": {
    en: "Your points could not be read just now; you can still pay without a reward.",
    es: "No pudimos leer tus puntos en este momento; puedes pagar sin recompensa.",
  },
} satisfies Dictionary;
