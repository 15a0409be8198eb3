// The words of "how was it?": the e-mail after a pickup, and the page its links open (/feedback and
// /es/feedback): a happy answer's thanks and Google review link, an unhappy one's short form, the opt-out.
import { words, type Dictionary } from "../translate";

export const feedbackWords = {
  "mail.subject": words(
    (number: string) => `How was your order #${number}?`,
    (number: string) => `¿Qué tal tu pedido #${number}?`,
  ),
  "mail.heading": words(
    (name: string) => `Hi ${name}, how was it?`,
    (name: string) => `Hola, ${name}: ¿qué tal estuvo?`,
  ),
  "mail.lead": words(
    (number: string) => `Thank you for picking up order #${number} from us today. One tap tells us how it went.`,
    (number: string) => `Gracias por recoger hoy tu pedido #${number}. Con un toque nos dices cómo te fue.`,
  ),
  "mail.happy": { en: "Loved it", es: "Me encantó" },
  "mail.unhappy": { en: "Could be better", es: "Podría mejorar" },
  "mail.stop": { en: "Never ask me again", es: "No volver a preguntarme" },
  "mail.stopLead": { en: "We ask once per pickup, only if you like:", es: "Preguntamos una vez por pedido, solo si quieres:" },
  "page.title": { en: "How was it? | Jealous Fork", es: "¿Qué tal estuvo? | Jealous Fork" },
  "page.description": { en: "Tell Jealous Fork how your pickup went.", es: "Cuéntale a Jealous Fork cómo te fue con tu pedido." },
  "page.heading": { en: "How was your order?", es: "¿Qué tal tu pedido?" },
  "page.loading": { en: "One moment...", es: "Un momento..." },
  "page.badLink": {
    en: "This link does not work any more. Tell us anything by phone or through the contact form:",
    es: "Este enlace ya no funciona. Cuéntanos lo que quieras por teléfono o en el formulario de contacto:",
  },
  "page.happyHeading": { en: "We're so glad you enjoyed it!", es: "¡Qué alegría que te haya gustado!" },
  "page.happyText": {
    en: "Thank you for telling us. A few words on Google help other neighbours find us.",
    es: "Gracias por contarnos. Unas palabras en Google ayudan a otros vecinos a encontrarnos.",
  },
  "page.review": { en: "Review us on Google", es: "Escríbenos una reseña en Google" },
  "page.reviewText": { en: "Every review helps, whatever you thought:", es: "Toda reseña ayuda, sea cual sea tu opinión:" },
  "page.unhappyHeading": { en: "We're sorry. What went wrong?", es: "Lo sentimos. ¿Qué salió mal?" },
  "page.unhappyText": {
    en: "Your message goes straight to the owner, who reads every one and will write back.",
    es: "Tu mensaje le llega directamente al dueño, que los lee todos y te responderá.",
  },
  "page.messageLabel": { en: "Your message to the owner", es: "Tu mensaje para el dueño" },
  "page.messageHint": { en: "Up to 2,000 characters.", es: "Hasta 2000 caracteres." },
  "page.send": { en: "Send to the owner", es: "Enviar al dueño" },
  "page.sending": { en: "Sending...", es: "Enviando..." },
  "page.sent": { en: "Thank you. The owner has your message and will write back.", es: "Gracias. El dueño ya tiene tu mensaje y te responderá." },
  "page.alreadySent": { en: "We already have your message for this order. Thank you.", es: "Ya tenemos tu mensaje sobre este pedido. Gracias." },
  "page.messageRequired": { en: "Please write your message first.", es: "Escribe tu mensaje primero, por favor." },
  "page.failed": { en: "That did not go through. Please try again, or call us:", es: "No se pudo enviar. Inténtalo de nuevo o llámanos:" },
  "page.stopHeading": { en: "Stop these e-mails?", es: "¿Dejar de recibir estos correos?" },
  "page.stopText": {
    en: "We will never ask you how an order was again. Order e-mails (confirmations, ready) still come.",
    es: "No volveremos a preguntarte cómo estuvo un pedido. Los correos de tus pedidos (confirmación, listo) siguen llegando.",
  },
  "page.stopButton": { en: "Stop asking me", es: "No preguntarme más" },
  "page.stopped": { en: "Done: we will not ask again.", es: "Listo: no volveremos a preguntar." },
} satisfies Dictionary;
