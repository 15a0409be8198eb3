// The texts about one order, in the order's language, and the checkout's box that asks for them. Every text
// is one SMS segment with the longest name, order number and link (orderTextMessages.test.ts counts them):
// the Spanish is written without á, í, ó and ú, which GSM-7 lacks (one of them would make the whole text
// UCS-2, 70 characters a segment), and with é and ñ, which it has. Transactional only: no offer in any.
import { words, type Dictionary } from "../translate";

/**
 * The longest link a text carries: the Spanish order page's on the live domain (72) and DoorDash's tracking
 * page (74). A longer courier's link gives way to the order page's, which shows it.
 */
export const TEXT_LINK_MAX = 75;

export const orderTextMessages = {
  // The checkout's box (unticked until the diner ticks it): these exact words are kept with the order.
  consent: {
    en: "Text me about this order (ready, running late, on its way). Msg & data rates may apply. Reply STOP to end, HELP for help.",
    es: "Envíenme mensajes de texto sobre este pedido (listo, retrasado, en camino). Pueden aplicar tarifas de mensajes y datos. Responde STOP para dejarlos, HELP para ayuda.",
  },
  ready: words(
    (name: string, number: string, link: string) => `${name}: order #${number} is ready for pickup. ${link}`,
    (name: string, number: string, link: string) => `${name}: tu pedido #${number} ya se puede recoger. ${link}`,
  ),
  curbside: words(
    (name: string, number: string, link: string) => `${name}: order #${number} is ready. Tap I'm here when you park: ${link}`,
    (name: string, number: string, link: string) => `${name}: tu pedido #${number} ya se puede recoger. Al estacionar, toca Ya llegué: ${link}`,
  ),
  picked_up: words(
    (name: string, number: string, link: string) => `${name}: the courier picked up order #${number}. Track it: ${link}`,
    (name: string, number: string, link: string) => `${name}: el repartidor ya lleva tu pedido #${number}. Puedes seguirlo en ${link}`,
  ),
  help: words(
    (name: string, phone: string) => `${name}: texts about your orders only. Call us at ${phone}. Reply STOP to end them.`,
    (name: string, phone: string) => `${name}: solo mensajes sobre tus pedidos. Nuestro teléfono: ${phone}. Responde STOP para dejarlos.`,
  ),
} satisfies Dictionary;

export type OrderTextKind = "ready" | "curbside" | "picked_up";
