// The checkout's words about delivery by courier, in both languages (browser-safe).
import { words, type Dictionary } from "../translate";

export const courierCheckoutWords = {
  asking: { en: "Asking DoorDash for a delivery quote…", es: "Pidiendo a DoorDash una cotización de entrega…" },
  quoted: words(
    (fee: string, time: string) => `Delivery by DoorDash: ${fee}, at your door around ${time}.`,
    (fee: string, time: string) => `Entrega por DoorDash: ${fee}, en tu puerta hacia las ${time}.`,
  ),
  refused: { en: "Delivery isn't available to this address: pickup?", es: "La entrega no está disponible para esta dirección: ¿prefieres recoger en el local?" },
  unavailable: { en: "Delivery isn't available right now: pickup?", es: "La entrega no está disponible en este momento: ¿prefieres recoger en el local?" },
  feeChangedTitle: { en: "The delivery fee changed", es: "El cargo de entrega cambió" },
  feeChanged: words(
    (fee: string) => `DoorDash's fee is now ${fee}. Check the new total, then pay.`,
    (fee: string) => `El cargo de DoorDash ahora es de ${fee}. Revisa el nuevo total y paga.`,
  ),
} satisfies Dictionary;
