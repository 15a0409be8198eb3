// What the API tells a customer about courier delivery, by code, in both languages (spread into
// errors.ts's dictionary). The checkout shows the first one as the address's answer.
import { words, type Dictionary } from "../translate";

export const courierErrorWords = {
  courier_address_refused: {
    en: "Delivery isn't available to this address: pickup?",
    es: "La entrega no está disponible para esta dirección: ¿prefieres recoger en el local?",
  },
  courier_unavailable: {
    en: "Delivery isn't available right now: pickup?",
    es: "La entrega no está disponible en este momento: ¿prefieres recoger en el local?",
  },
  courier_not_configured: {
    en: "Courier delivery is not offered here: delivery goes by ZIP code at a flat fee.",
    es: "Aquí no hay entrega por mensajero: la entrega va por código postal con tarifa fija.",
  },
  courier_quote_missing: {
    en: "Delivery goes by DoorDash: enter the delivery address again to see its fee, or choose pickup.",
    es: "La entrega va por DoorDash: escribe de nuevo la dirección de entrega para ver su cargo, o elige recoger en el local.",
  },
  courier_fee_changed: words(
    (fee: string) => `The delivery fee is now $${fee}. Check the new total before you pay.`,
    (fee: string) => `El cargo de entrega ahora es de $${fee}. Revisa el nuevo total antes de pagar.`,
  ),
  courier_quotes_too_many: {
    en: "Too many delivery quotes were asked for. Please wait a few minutes and try again, or choose pickup.",
    es: "Se pidieron demasiadas cotizaciones de entrega. Espera unos minutos e inténtalo de nuevo, o elige recoger en el local.",
  },
  courier_quotes_busy: {
    en: "Many people are asking for delivery right now. Please try again in a minute, or choose pickup.",
    es: "Muchas personas están pidiendo entrega en este momento. Inténtalo de nuevo en un minuto, o elige recoger en el local.",
  },
  courier_quote_field: { en: "a new delivery quote", es: "una nueva cotización de entrega" },
} satisfies Dictionary;
