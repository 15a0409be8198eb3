// The words of the e-mails about a courier delivery (src/server/mail/courierMail.tsx) in the customer's
// language: the tracking link once a driver is assigned, and what happens after a courier cancelled.
import { sentenceEnd, words, type Dictionary } from "../translate";

export const courierMailWords = {
  "assigned.subject": words(
    (number: string) => `A driver is on order #${number}: follow it here`,
    (number: string) => `Un repartidor lleva tu pedido #${number}: síguelo aquí`,
  ),
  "assigned.heading": words(
    (driver: string) => `${driver} from DoorDash is bringing your order.`,
    (driver: string) => `${driver}, de DoorDash, lleva tu pedido.`,
  ),
  "assigned.track": { en: "Track your driver", es: "Sigue a tu repartidor" },
  "assigned.eta": words(
    (time: string) => `Expected at your door around ${time}.`,
    (time: string) => `Llegada prevista a tu puerta hacia las ${sentenceEnd(time)}`,
  ),
  "cancelled.subject": words(
    (number: string) => `Your delivery for order #${number} needs a new driver`,
    (number: string) => `La entrega de tu pedido #${number} necesita otro repartidor`,
  ),
  "cancelled.heading": { en: "The courier cancelled your delivery.", es: "El mensajero canceló tu entrega." },
  "cancelled.next": {
    en: "The restaurant has been told and will either send a new driver or refund you in full; you will hear from us either way.",
    es: "El restaurante ya lo sabe y enviará otro repartidor o te devolverá todo el dinero; te avisaremos en cualquier caso.",
  },
  "cancelled.call": { en: "In a hurry? Call us at", es: "¿Tienes prisa? Llámanos al" },
  "order.page": { en: "See your order", es: "Ver tu pedido" },
} satisfies Dictionary;
