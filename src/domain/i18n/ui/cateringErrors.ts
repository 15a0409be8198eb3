// What the API tells a diner about a catering order, by code, in both languages (spread into errors.ts's
// dictionary). A refusal of the event's time names the first time that works, in the diner's language.
import { formatAmount, type Cents } from "../../money";
import { words } from "../translate";

const when = (locale: string, at: string) =>
  new Date(at).toLocaleString(locale, { timeZone: "America/New_York", weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });

export const cateringErrorWords = {
  catering_off: words(
    (phone: string) => `Catering is not taken online right now. Please call us at ${phone}.`,
    (phone: string) => `Por ahora no tomamos catering en línea. Llámanos al ${phone}.`,
  ),
  catering_notice: words(
    (hours: number, earliest: string) => `Catering needs ${hours} hours' notice: the first time that works is ${when("en-US", earliest)}.`,
    (hours: number, earliest: string) => `El catering necesita ${hours} horas de aviso: la primera hora posible es el ${when("es-US", earliest)}.`,
  ),
  catering_hours: {
    en: "We serve catered events between 7:00 AM and 9:00 PM.",
    es: "Servimos eventos de catering entre las 7:00 a. m. y las 9:00 p. m.",
  },
  catering_too_far: words(
    (phone: string) => `Events more than 6 days away cannot be booked online yet. Please call us at ${phone}, or book again closer to the day.`,
    (phone: string) => `Los eventos a más de 6 días todavía no se pueden reservar en línea. Llámanos al ${phone}, o reserva más cerca de la fecha.`,
  ),
  catering_min_people: words(
    (people: number) => `Catering starts at ${people} people.`,
    (people: number) => `El catering empieza desde ${people} personas.`,
  ),
  catering_min_amount: words(
    (cents: Cents) => `Catering orders start at $${formatAmount(cents)} before tax.`,
    (cents: Cents) => `Los pedidos de catering empiezan desde $${formatAmount(cents)} antes de impuestos.`,
  ),
  catering_too_few_servings: words(
    (serves: number, people: number) => `These trays serve ${serves}, and you expect ${people} people: please add a tray.`,
    (serves: number, people: number) => `Estas bandejas alcanzan para ${serves}, y esperas ${people} personas: agrega una bandeja.`,
  ),
  catering_tray_unknown: { en: "One of these trays is no longer on the catering menu.", es: "Una de estas bandejas ya no está en el menú de catering." },
  catering_day_full: words(
    (left: number) =>
      left > 0
        ? `That day has room for only ${left} more trays. Nothing was charged: choose another day or fewer trays.`
        : "That day is fully booked for catering. Nothing was charged: please choose another day.",
    (left: number) =>
      left > 0
        ? `Ese día solo queda espacio para ${left} bandejas más. No se cobró nada: elige otro día o menos bandejas.`
        : "Ese día ya no tiene espacio para catering. No se cobró nada: elige otro día.",
  ),
  catering_card_needed: { en: "Enter a card to hold the order.", es: "Ingresa una tarjeta para reservar el pedido." },
  catering_not_found: { en: "We could not find that catering order.", es: "No encontramos ese pedido de catering." },
  catering_not_cancellable: { en: "This catering order can no longer be cancelled here.", es: "Este pedido de catering ya no se puede cancelar aquí." },
  catering_in_progress: {
    en: "This booking is still being made. Please wait a moment and look again.",
    es: "Esta reserva todavía se está haciendo. Espera un momento y vuelve a mirar.",
  },
  catering_busy: {
    en: "We have received many catering orders from you or your network. Please wait a while, or call us.",
    es: "Recibimos muchos pedidos de catering tuyos o de tu red. Espera un rato, o llámanos.",
  },
};
