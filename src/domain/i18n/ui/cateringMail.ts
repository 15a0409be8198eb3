// The catering booking's e-mail, in the diner's language: English and Spanish side by side.
import { words, type Dictionary } from "../translate";

export const cateringMailWords = {
  subject: words((when: string) => `Your catering is booked for ${when}`, (when: string) => `Tu catering está reservado para el ${when}`),
  people: words((people: number) => `For ${people} people:`, (people: number) => `Para ${people} personas:`),
  line: words((quantity: number, name: string) => `${quantity} × ${name}`, (quantity: number, name: string) => `${quantity} × ${name}`),
  total: words((amount: string) => `Total with tax: ${amount}`, (amount: string) => `Total con impuestos: ${amount}`),
  held: {
    en: "Your card is held now and charged on the morning of the event.",
    es: "Tu tarjeta queda autorizada ahora y se cobra la mañana del evento.",
  },
  invoiced: {
    en: "Square e-mails you an invoice: 50% is due now and the balance 48 hours before the event.",
    es: "Square te envía una factura por correo: el 50% se paga ahora y el resto 48 horas antes del evento.",
  },
  terms: { en: "Cancellation terms", es: "Condiciones de cancelación" },
  tier: words(
    (hours: number, percent: number) => (hours > 0 ? `Cancel ${hours} hours or more before the event: ${percent}% back.` : `Cancel later: ${percent}% back.`),
    (hours: number, percent: number) => (hours > 0 ? `Cancela ${hours} horas o más antes del evento: te devolvemos el ${percent}%.` : `Cancela después: te devolvemos el ${percent}%.`),
  ),
  manage: { en: "See or cancel your booking", es: "Ver o cancelar tu reserva" },
} satisfies Dictionary;
