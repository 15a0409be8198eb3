// The checkout's "Pay with a gift card" words (src/islands/checkout/GiftCardPayment.tsx), kept apart from
// the gift card page's so the checkout's script carries only these.
import { words, type Dictionary } from "../translate";

export const giftCardPaymentWords = {
  "group": { en: "Pay with a gift card", es: "Pagar con tarjeta de regalo" },
  "open": { en: "Pay with a gift card", es: "Pagar con tarjeta de regalo" },
  "number": { en: "Gift card number", es: "Número de la tarjeta de regalo" },
  "pay": words((total: string) => `Charge ${total} to the gift card`, (total: string) => `Cobrar ${total} a la tarjeta de regalo`),
  "payTest": words((total: string) => `Charge ${total} to the gift card (test)`, (total: string) => `Cobrar ${total} a la tarjeta de regalo (prueba)`),
  "covers": {
    en: "The card pays the whole total, tip included. Check its balance on our gift card page.",
    es: "La tarjeta paga el total, propina incluida. Consulta su saldo en nuestra página de tarjetas de regalo.",
  },
  "part": { en: "Use it for part, pay the rest below", es: "Úsala para una parte y paga el resto abajo" },
  "held": {
    en: "Gift card ready: it pays what it holds, and the card or wallet you pay with below pays the rest and the tip.",
    es: "Tarjeta de regalo lista: paga lo que tiene, y la tarjeta o billetera con la que pagues abajo paga el resto y la propina.",
  },
  "drop": { en: "Don't use the gift card", es: "No usar la tarjeta de regalo" },
  "unavailable": { en: "Gift cards cannot be used on this device right now: please pay by card.", es: "Las tarjetas de regalo no se pueden usar ahora en este dispositivo: paga con tarjeta." },
  "failed": { en: "The gift card could not be read. Check the number and try again.", es: "No se pudo leer la tarjeta de regalo. Revisa el número e inténtalo de nuevo." },
  "error": { en: "Payment Error", es: "Error de pago" },
} satisfies Dictionary;
