// The checkout's words about delivery by courier, in both languages (browser-safe).
import { sentenceEnd, words, type Dictionary } from "../translate";

export const courierCheckoutWords = {
  // Before an address is typed the fee is not known: DoorDash quotes it for that address (never the flat fee).
  choice: { en: "45-60 minutes · DoorDash's fee, shown once you enter your address", es: "45-60 minutos · el costo de DoorDash se muestra al escribir tu dirección" },
  feePending: { en: "Delivery fee: DoorDash's, shown once you enter your address.", es: "Costo de entrega: el de DoorDash, se muestra al escribir tu dirección." },
  // DoorDash passes a tip on to the Dasher in full (developer.doordash.com, Drive pricing and payment).
  tipLegend: { en: "Tip for your Dasher", es: "Propina para tu repartidor" },
  tipText: {
    en: "Figured on the subtotal before tax. DoorDash delivers this order: your whole tip goes to the Dasher who brings it.",
    es: "Calculada sobre el subtotal antes de impuestos. DoorDash entrega este pedido: toda tu propina es para el repartidor que te lo lleva.",
  },
  asking: { en: "Asking DoorDash for a delivery quote…", es: "Pidiendo a DoorDash una cotización de entrega…" },
  quoted: words(
    (fee: string, time: string) => `Delivery by DoorDash: ${fee}, at your door around ${time}.`,
    (fee: string, time: string) => `Entrega por DoorDash: ${fee}, en tu puerta hacia las ${sentenceEnd(time)}`,
  ),
  refused: { en: "Delivery isn't available to this address: pickup?", es: "La entrega no está disponible para esta dirección: ¿prefieres recoger en el local?" },
  unavailable: { en: "Delivery isn't available right now: pickup?", es: "La entrega no está disponible en este momento: ¿prefieres recoger en el local?" },
  feeChangedTitle: { en: "The delivery fee changed", es: "El cargo de entrega cambió" },
  feeChanged: words(
    (fee: string) => `DoorDash's fee is now ${fee}. Check the new total, then pay.`,
    (fee: string) => `El cargo de DoorDash ahora es de ${fee}. Revisa el nuevo total y paga.`,
  ),
} satisfies Dictionary;
