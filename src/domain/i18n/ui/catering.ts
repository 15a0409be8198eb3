// The catering page's words (its prerendered part and its island): English and Spanish side by side.
import { words, type Dictionary } from "../translate";

export const cateringWords = {
  "page.title": { en: "Catering", es: "Catering" },
  "page.metaTitle": { en: "Catering and Large Orders | Jealous Fork Miami", es: "Catering y pedidos grandes | Jealous Fork Miami" },
  "page.description": {
    en: "Order pancake, flatbread and slider trays for your office brunch or party online: pick your headcount and the trays, and pay when you book.",
    es: "Pide en línea bandejas de panqueques, flatbreads y mini hamburguesas para el brunch de tu oficina o tu fiesta: elige cuántas personas y las bandejas, y paga al reservar.",
  },
  "page.lead": words(
    (people: number, notice: number, smallNotice: number, smallMax: number) =>
      `Trays for ${people} people or more. We need ${notice} hours' notice, or ${smallNotice} hours for ${smallMax} people or fewer.`,
    (people: number, notice: number, smallNotice: number, smallMax: number) =>
      `Bandejas desde ${people} personas. Necesitamos ${notice} horas de aviso, o ${smallNotice} horas para ${smallMax} personas o menos.`,
  ),
  "headcount.label": { en: "How many people?", es: "¿Cuántas personas?" },
  "headcount.less": { en: "One person fewer", es: "Una persona menos" },
  "headcount.more": { en: "One person more", es: "Una persona más" },
  "trays.heading": { en: "Trays", es: "Bandejas" },
  "tray.serves": words((people: number) => `Serves ${people}`, (people: number) => `Para ${people} personas`),
  "tray.quantity": words((name: string) => `Trays of ${name}`, (name: string) => `Bandejas de ${name}`),
  "tray.fewer": words((name: string) => `One tray of ${name} fewer`, (name: string) => `Una bandeja de ${name} menos`),
  "tray.more": words((name: string) => `One more tray of ${name}`, (name: string) => `Una bandeja de ${name} más`),
  "tray.fill": words((count: number) => `Use ${count} for everyone`, (count: number) => `Usar ${count} para todos`),
  "summary.serves": words(
    (serves: number, people: number) => `These trays serve ${serves} of your ${people} people.`,
    (serves: number, people: number) => `Estas bandejas alcanzan para ${serves} de tus ${people} personas.`,
  ),
  "summary.subtotal": { en: "Trays", es: "Bandejas" },
  "summary.tax": { en: "Tax", es: "Impuesto" },
  "summary.total": { en: "Total", es: "Total" },
  "summary.minimum": words((amount: string) => `Catering orders start at ${amount} before tax.`, (amount: string) => `Los pedidos de catering empiezan desde ${amount} antes de impuestos.`),
  "when.heading": { en: "When is your event?", es: "¿Cuándo es tu evento?" },
  "when.date": { en: "Date", es: "Fecha" },
  "when.time": { en: "Time", es: "Hora" },
  "when.earliest": words((first: string) => `The first time that works: ${first}.`, (first: string) => `La primera hora posible: ${first}.`),
  "when.reach": {
    en: "Events are served from 7 AM to 9 PM. Up to 6 days ahead your card is held and charged on the event's morning; further out Square sends an invoice with a deposit.",
    es: "Servimos eventos de 7 a. m. a 9 p. m. Hasta 6 días antes, tu tarjeta queda autorizada y se cobra la mañana del evento; con más anticipación Square te envía una factura con depósito.",
  },
  "contact.heading": { en: "Your details", es: "Tus datos" },
  "contact.name": { en: "Name", es: "Nombre" },
  "contact.email": { en: "E-mail", es: "Correo electrónico" },
  "contact.phone": { en: "Phone", es: "Teléfono" },
  "contact.note": { en: "Notes for the kitchen (optional)", es: "Notas para la cocina (opcional)" },
  "terms.heading": { en: "Cancellation terms", es: "Condiciones de cancelación" },
  "terms.tier": words(
    (hours: number, percent: number) => (hours > 0 ? `Cancel ${hours} hours or more before the event: ${percent}% back.` : `Cancel later: ${percent}% back.`),
    (hours: number, percent: number) => (hours > 0 ? `Cancela ${hours} horas o más antes del evento: te devolvemos el ${percent}%.` : `Cancela después: te devolvemos el ${percent}%.`),
  ),
  "terms.money": {
    en: "Your card is held when you book and charged on the morning of the event.",
    es: "Tu tarjeta queda autorizada al reservar y se cobra la mañana del evento.",
  },
  "terms.accept": { en: "I accept the cancellation terms", es: "Acepto las condiciones de cancelación" },
  "terms.required": { en: "Please accept the cancellation terms.", es: "Acepta las condiciones de cancelación." },
  "field.required": { en: "Please fill in this field.", es: "Completa este campo." },
  "continue": { en: "Continue to payment", es: "Continuar al pago" },
  "continue.invoice": { en: "Book and send me the invoice", es: "Reservar y enviarme la factura" },
  "terms.invoice": words(
    (percent: number) => `This event is more than 6 days away: Square e-mails you an invoice, with ${percent}% due now and the balance 48 hours before the event.`,
    (percent: number) => `Este evento es dentro de más de 6 días: Square te envía una factura por correo, con el ${percent}% ahora y el resto 48 horas antes del evento.`,
  ),
  "done.invoice": words(
    (percent: number) => `We e-mailed you Square's invoice: ${percent}% is due now, the balance 48 hours before the event.`,
    (percent: number) => `Te enviamos por correo la factura de Square: el ${percent}% se paga ahora y el resto 48 horas antes del evento.`,
  ),
  "done.payDeposit": { en: "Pay the deposit", es: "Pagar el depósito" },
  "edit": { en: "Change the order", es: "Cambiar el pedido" },
  "failed": { en: "We could not book it.", es: "No pudimos reservarlo." },
  "unreachable": { en: "We could not reach the restaurant. Please try again.", es: "No pudimos comunicarnos con el restaurante. Inténtalo de nuevo." },
  "done.title": { en: "Your catering is booked", es: "Tu catering está reservado" },
  "done.body": words(
    (amount: string, when: string) => `We hold ${amount} on your card now and charge it on the morning of the event, ${when}.`,
    (amount: string, when: string) => `Autorizamos ${amount} en tu tarjeta ahora y lo cobramos la mañana del evento, ${when}.`,
  ),
  "done.number": words((id: string) => `Booking number: ${id}`, (id: string) => `Número de reserva: ${id}`),
  "off": words((phone: string) => `Catering is not taken online right now. Please call us at ${phone}.`, (phone: string) => `Por ahora no tomamos catering en línea. Llámanos al ${phone}.`),
  "booking.title": { en: "Your catering booking", es: "Tu reserva de catering" },
  "booking.missing": { en: "We could not find that booking.", es: "No encontramos esa reserva." },
  "booking.when": words((when: string, people: number) => `${when}, for ${people} people`, (when: string, people: number) => `${when}, para ${people} personas`),
  "booking.status": words(
    (status: string) =>
      ({ authorized: "Booked: your card is held and charged on the event's morning. The kitchen has your order.", captured: "Booked and paid. The kitchen has your order.", invoiced: "Booked: the invoice's deposit is due. The kitchen gets your order once it is paid.", deposit_paid: "Booked: deposit paid, the balance is due 48 hours before. The kitchen has your order.", paid: "Booked and paid. The kitchen has your order.", cancelled: "Cancelled." })[status] ?? status,
    (status: string) =>
      ({ authorized: "Reservado: tu tarjeta está autorizada y se cobra la mañana del evento. La cocina ya tiene tu pedido.", captured: "Reservado y pagado. La cocina ya tiene tu pedido.", invoiced: "Reservado: falta pagar el depósito de la factura. La cocina recibe tu pedido en cuanto se pague.", deposit_paid: "Reservado: depósito pagado, el resto se paga 48 horas antes. La cocina ya tiene tu pedido.", paid: "Reservado y pagado. La cocina ya tiene tu pedido.", cancelled: "Cancelado." })[status] ?? status,
  ),
  "booking.refundNow": words(
    (percent: number, amount: string) => `If you cancel now, ${percent}% comes back: ${amount}.`,
    (percent: number, amount: string) => `Si cancelas ahora, te devolvemos el ${percent}%: ${amount}.`,
  ),
  "booking.refundPaid": words(
    (amount: string, paid: string) => `If you cancel now, ${amount} of the ${paid} paid comes back, and nothing more is due.`,
    (amount: string, paid: string) => `Si cancelas ahora, te devolvemos ${amount} de los ${paid} pagados, y no se debe nada más.`,
  ),
  "booking.cancel": { en: "Cancel the booking", es: "Cancelar la reserva" },
  "booking.confirm": { en: "Yes, cancel it", es: "Sí, cancelarla" },
  "booking.cancelled": words((amount: string) => `Cancelled. ${amount} comes back to you.`, (amount: string) => `Cancelada. Te devolvemos ${amount}.`),
} satisfies Dictionary;
