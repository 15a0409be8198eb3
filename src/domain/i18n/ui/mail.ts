// The words of the e-mails a customer receives about their order (src/server/mail/messages.tsx), in the
// order's language. The restaurant's own copies are English and not here. Server-only.
import { words, type Dictionary } from "../translate";

export const mailWords = {
  // The order confirmation
  "confirmed.subject": words(
    (site: string, number: string) => `Your ${site} order #${number} is confirmed`,
    (site: string, number: string) => `Tu pedido #${number} de ${site} está confirmado`,
  ),
  "confirmed.preview": words(
    (number: string, ready: string) => `Order #${number}: ${ready}`,
    (number: string, ready: string) => `Pedido #${number}: ${ready}`,
  ),
  // The customer's name is never the heading: what a customer types must not speak as the restaurant.
  "confirmed.heading": { en: "Thank you! Your order is confirmed.", es: "¡Gracias! Tu pedido está confirmado." },
  "orderFor": { en: "Order for:", es: "Pedido a nombre de:" },
  "deliveryNotes": { en: "Your delivery notes:", es: "Tus indicaciones de entrega:" },
  "confirmed.number": { en: "Order number", es: "Número de pedido" },
  "receipt": { en: "Your card receipt:", es: "El recibo de tu tarjeta:" },
  "courier.track": { en: "Track your DoorDash driver:", es: "Sigue a tu repartidor de DoorDash:" },
  "questions": { en: "Questions? Call us at", es: "¿Preguntas? Llámanos al" },

  // Ready for pickup, or on its way
  "ready.subject.pickup": words(
    (number: string) => `Your order #${number} is ready for pickup`,
    (number: string) => `Tu pedido #${number} está listo para recoger`,
  ),
  "ready.subject.delivery": words(
    (number: string) => `Your order #${number} is on its way`,
    (number: string) => `Tu pedido #${number} va en camino`,
  ),
  "ready.preview.pickup": { en: "Your order is ready for pickup.", es: "Tu pedido está listo para recoger." },
  "ready.preview.delivery": { en: "Your order is on its way.", es: "Tu pedido va en camino." },
  "ready.heading.pickup": { en: "Your order is ready for pickup!", es: "¡Tu pedido está listo para recoger!" },
  "ready.heading.delivery": { en: "Your order is on its way!", es: "¡Tu pedido va en camino!" },
  "ready.order": { en: "Order", es: "El pedido" },
  "ready.lead.pickup": { en: " is waiting for you at the counter: give us its number.", es: " te espera en el mostrador: danos su número." },
  "ready.lead.curbside": {
    en: " is ready. When you park, tap \"I'm here\" on your order's page and we bring it out to your car.",
    es: " está listo. Cuando estaciones, toca \"Ya llegué\" en la página de tu pedido y te lo llevamos al carro.",
  },
  "ready.imHere": { en: "I'm here", es: "Ya llegué" },
  "ready.lead.delivery": { en: " has left the kitchen and is heading to you.", es: " salió de la cocina y va hacia ti." },

  // Cancelled
  "cancelled.subject": words(
    (number: string) => `Your order #${number} was cancelled`,
    (number: string) => `Tu pedido #${number} fue cancelado`,
  ),
  "cancelled.preview": words(
    (number: string) => `Order #${number} was cancelled.`,
    (number: string) => `El pedido #${number} fue cancelado.`,
  ),
  "cancelled.heading": words(
    (number: string) => `Your order #${number} was cancelled.`,
    (number: string) => `Tu pedido #${number} fue cancelado.`,
  ),
  "cancelled.lead": {
    en: "We are sorry. If your card was charged, the money goes back to it: we will write again when the refund is on its way. Questions? Call us at",
    es: "Lo sentimos. Si se hizo un cargo a tu tarjeta, el dinero vuelve a ella: te escribiremos de nuevo cuando el reembolso esté en camino. ¿Preguntas? Llámanos al",
  },

  // Refunded
  "refunded.subject": words(
    (amount: string, number: string) => `A refund of ${amount} for order #${number}`,
    (amount: string, number: string) => `Un reembolso de ${amount} por el pedido #${number}`,
  ),
  "refunded.heading": words(
    (amount: string) => `We refunded ${amount}.`,
    (amount: string) => `Te reembolsamos ${amount}.`,
  ),
  "refunded.refundOf": { en: "A refund of", es: "Un reembolso de" },
  "refunded.forOrder": { en: "for order", es: "por el pedido" },
  "refunded.onItsWay": {
    en: "is on its way to your card. Banks take a few business days to show it.",
    es: "va en camino a tu tarjeta. Los bancos tardan unos días hábiles en mostrarlo.",
  },

  // The order's lines and where it goes
  "item.note": { en: "Note:", es: "Nota:" },
  "subtotal": { en: "Subtotal", es: "Subtotal" },
  "discount": words(
    (code: string) => `Discount (${code})`,
    (code: string) => `Descuento (${code})`,
  ),
  "reward": { en: "Rewards points", es: "Puntos de recompensa" },
  "tax": { en: "Tax", es: "Impuesto" },
  "deliveryFee": { en: "Delivery fee", es: "Cargo de entrega" },
  "tip": { en: "Tip", es: "Propina" },
  "total": { en: "Total", es: "Total" },
  "kitchenNote": { en: "Your note for the kitchen:", es: "Tu nota para la cocina:" },
  "deliveringTo": { en: "Delivering to", es: "Entrega en" },
  "pickUpAt": { en: "Pick it up at", es: "Recógelo en" },
  "map": { en: "map", es: "mapa" },
  "follow": { en: "Follow your order", es: "Sigue tu pedido" },
} satisfies Dictionary;
