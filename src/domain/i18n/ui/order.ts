// The order page's words (/order-confirmation/{id} and /es/confirmacion-de-pedido/{id}): the banner, the
// status and where the order stands (announced as it changes), the promise, the items, refunds, the
// pickup or delivery and the way back to the menu. The kitchen's own records stay English.
import { ESTIMATED_READY_SENTENCE, type OrderStatus, type OrderType } from "../../orderReadModel";
import { words, type Dictionary } from "../translate";

/** The toast the checkout leaves for the order page: both read it. */
export const orderPlacedWords = {
  "placed.title": { en: "Order Placed Successfully!", es: "¡Pedido realizado!" },
  "placed.text": words(
    (orderNumber: string) => `Your order #${orderNumber} has been confirmed.`,
    (orderNumber: string) => `Tu pedido #${orderNumber} está confirmado.`,
  ),
} satisfies Dictionary;

type StatusKey = OrderStatus | "pending";

export const orderWords = {
  ...orderPlacedWords,
  "page.title": { en: "Your Order | Jealous Fork", es: "Tu pedido | Jealous Fork" },
  "page.description": {
    en: "Your Jealous Fork order: status, items and pickup or delivery details.",
    es: "Tu pedido de Jealous Fork: estado, platos y datos de recogida o de entrega.",
  },
  "next.heading": { en: "Your separate order", es: "Tu pedido aparte" },
  "next.text": words(
    (name: string, when: string) => `${name} couldn't join this order's time. Order it now, on its own, for ${when}.`,
    (name: string, when: string) => `${name} no podía ir en el horario de este pedido. Pídelo ahora, aparte, para ${when}.`,
  ),
  "next.link": words(
    (name: string) => `Order ${name}`,
    (name: string) => `Pedir ${name}`,
  ),
  "banner.pending": { en: "Thank you! We are confirming your payment.", es: "¡Gracias! Estamos confirmando tu pago." },
  "banner.cancelled": { en: "This order was cancelled.", es: "Este pedido fue cancelado." },
  "banner.confirmed": { en: "Thank you! Your order is confirmed.", es: "¡Gracias! Tu pedido está confirmado." },
  "banner.readyPickup": { en: "Your order is ready for pickup!", es: "¡Tu pedido está listo para recoger!" },
  "banner.readyDelivery": { en: "Your order is on its way!", es: "¡Tu pedido va en camino!" },
  "banner.pickedUp": { en: "Picked up. Enjoy your meal!", es: "Pedido recogido. ¡Buen provecho!" },
  "banner.delivered": { en: "Delivered. Enjoy your meal!", es: "Pedido entregado. ¡Buen provecho!" },
  "orderNumber": { en: "Order number", es: "Número de pedido" },
  "status": { en: "Status:", es: "Estado:" },
  "notFound.title": { en: "Order Not Found", es: "No encontramos el pedido" },
  "notFound.text": {
    en: "Unable to load order details. Please contact us if you need assistance.",
    es: "No pudimos cargar los datos del pedido. Llámanos si necesitas ayuda.",
  },
  "notFound.page": { en: "We could not find this order. Questions? Call us at", es: "No encontramos este pedido. ¿Preguntas? Llámanos al" },
  "loading": { en: "Loading your order...", es: "Cargando tu pedido..." },
  "items.heading": { en: "Your Items", es: "Tus platos" },
  "items.each": words((price: string) => `${price} each`, (price: string) => `${price} c/u`),
  // Followed by the diner's note.
  "items.note": { en: "Note: ", es: "Nota: " },
  "note": { en: "Your note for the kitchen:", es: "Tu nota para la cocina:" },
  "refund.all": { en: "Refunded", es: "Reembolsado" },
  "refund.part": { en: "Partly refunded", es: "Reembolsado en parte" },
  "refund.line": words(
    (amount: string, completed: boolean) =>
      `Refund of ${amount} ${completed ? "returned to your card." : "on its way to your card (banks take a few business days)."}`,
    (amount: string, completed: boolean) =>
      `Reembolso de ${amount} ${completed ? "devuelto a tu tarjeta." : "en camino a tu tarjeta (los bancos tardan unos días hábiles)."}`,
  ),
  "pickup": { en: "Pickup", es: "Recoger en el local" },
  "delivery": { en: "Delivery", es: "Entrega a domicilio" },
  "pickupAt": words((address: string) => `Pick up at Jealous Fork, ${address}.`, (address: string) => `Recógelo en Jealous Fork, ${address}.`),
  "deliveryNotes": { en: "Notes: ", es: "Indicaciones: " },
  "customer": { en: "Customer", es: "Cliente" },
  "detailsHidden": {
    en: "Personal details are no longer shown on this page, 30 days after the order. Call us if you need them.",
    es: "Los datos personales ya no se muestran en esta página, 30 días después del pedido. Llámanos si los necesitas.",
  },
  "questions": { en: "Questions about your order? Call us at", es: "¿Preguntas sobre tu pedido? Llámanos al" },
  "orderAgain": { en: "Order again", es: "Pedir de nuevo" },
  "home": { en: "Back to Home", es: "Volver al inicio" },
  "giftCards": { en: "Send a gift card", es: "Regala una tarjeta" },
  // The promise of an order made before times were promised.
  "promise.pickup": { en: ESTIMATED_READY_SENTENCE.pickup, es: "Listo para recoger en 15-20 minutos" },
  "promise.delivery": { en: ESTIMATED_READY_SENTENCE.delivery, es: "Llega en 45-60 minutos" },
} satisfies Dictionary;

/** The status badge: one word or two. */
export const STATUS_LABELS: Record<"en" | "es", Record<StatusKey, string>> = {
  en: { pending: "Pending", confirmed: "Confirmed", preparing: "Preparing", ready: "Ready", completed: "Completed", cancelled: "Cancelled" },
  es: { pending: "Pendiente", confirmed: "Confirmado", preparing: "En preparación", ready: "Listo", completed: "Completado", cancelled: "Cancelado" },
};

/** The badge of a delivery that is ready: it has left the kitchen. */
export const ON_ITS_WAY_LABEL = { en: "Ready", es: "En camino" } as const;

/** The badge of a finished order, as the diner lived it. */
export const FINISHED_LABEL = { pickup: { en: "Picked up", es: "Recogido" }, delivery: { en: "Delivered", es: "Entregado" } } as const;

/** Where an order stands in Spanish, as src/domain/orderReadModel.ts's statusSentence says it in English. */
export function spanishStatusSentence(status: StatusKey, orderType: OrderType): string {
  switch (status) {
    case "pending":
      return "Estamos confirmando tu pago.";
    case "confirmed":
      return "Recibimos tu pedido: la cocina empezará a prepararlo pronto.";
    case "preparing":
      return "La cocina está preparando tu pedido.";
    case "ready":
      return orderType === "delivery" ? "Tu pedido va en camino." : "Tu pedido está listo para recoger.";
    case "completed":
      return orderType === "delivery" ? "Tu pedido fue entregado. ¡Buen provecho!" : "Ya recogiste tu pedido. ¡Buen provecho!";
    case "cancelled":
      return "Este pedido fue cancelado.";
  }
}
