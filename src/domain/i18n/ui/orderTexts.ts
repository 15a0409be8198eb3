// The account page's choice of texts about orders (src/islands/account/TextsPanel.tsx), in both languages.
import { words, type Dictionary } from "../translate";

export const orderTextWords = {
  heading: { en: "Texts about your orders", es: "Mensajes de texto sobre tus pedidos" },
  lead: {
    en: "If an order runs late, we text you the new time instead of e-mailing it. Only that: no marketing.",
    es: "Si un pedido se retrasa, te enviamos la nueva hora por mensaje de texto en lugar de por correo. Solo eso: nada de publicidad.",
  },
  "phone.label": { en: "Mobile number (US)", es: "Número de celular (EE. UU.)" },
  "phone.send": { en: "Text me a code", es: "Envíame un código" },
  "phone.sent": words(
    (phone: string) => `We texted a code to ${phone}.`,
    (phone: string) => `Enviamos un código a ${phone}.`,
  ),
  "code.label": { en: "The code we texted you", es: "El código que te enviamos" },
  "code.check": { en: "Turn on texts", es: "Activar mensajes" },
  on: words(
    (phone: string) => `Texts about your orders go to ${phone}. Reply STOP to any of them to end them.`,
    (phone: string) => `Los mensajes sobre tus pedidos van al ${phone}. Responde STOP a cualquiera para dejar de recibirlos.`,
  ),
  off: { en: "Stop texts", es: "Dejar de recibir mensajes" },
  stopped: { en: "Texts are off: we will e-mail you.", es: "Mensajes desactivados: te escribiremos por correo." },
  failed: { en: "That did not work. Please try again.", es: "No funcionó. Inténtalo de nuevo." },
} satisfies Dictionary;
