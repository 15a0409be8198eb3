// The words of the one message an order running late gets (src/server/kitchen/lateMail.tsx), in the
// diner's language: the new time, an apology, and the way to the order page.
import { sentenceEnd, words, type Dictionary } from "../translate";

export const kitchenMailWords = {
  "late.subject": words(
    (number: string, time: string) => `Order #${number} is running late: ready around ${time}`,
    (number: string, time: string) => `Tu pedido #${number} va con retraso: listo hacia las ${time}`,
  ),
  "late.heading": { en: "Your order is running a little late.", es: "Tu pedido va con un poco de retraso." },
  "late.newTime": words(
    (time: string) => `The kitchen is behind tonight. Your order will be ready around ${time}.`,
    (time: string) => `La cocina va atrasada. Tu pedido estará listo hacia las ${sentenceEnd(time)}`,
  ),
  "late.sorry": { en: "We are sorry for the wait. This is the only message we send about it.", es: "Sentimos la espera. Es el único mensaje que te enviamos sobre esto." },
  "order.page": { en: "See your order", es: "Ver tu pedido" },
  "late.text": words(
    (number: string, time: string, url: string) => `Jealous Fork: order #${number} is running late, ready around ${time}. Sorry! ${url}`,
    (number: string, time: string, url: string) => `Jealous Fork: tu pedido #${number} va con retraso, listo hacia las ${sentenceEnd(time)} ¡Perdona! ${url}`,
  ),
} satisfies Dictionary;
