// What the API tells a diner about texts about their orders, by code, in both languages (spread into
// errors.ts's dictionary): choosing texts for a phone proven by a code.
import type { Dictionary } from "../translate";

export const textErrorWords = {
  texts_off: { en: "Texts are not available right now: we will e-mail you instead.", es: "Los mensajes de texto no están disponibles ahora: te escribiremos por correo." },
  texts_us_only: {
    en: "Enter a US mobile number, for example (305) 555-0142.",
    es: "Escribe un número de celular de EE. UU., por ejemplo (305) 555-0142.",
  },
  order_texts_us_only: {
    en: "Texts about an order go only to US mobile numbers: enter one, or untick \"Text me about this order\".",
    es: "Los mensajes sobre un pedido solo van a celulares de EE. UU.: escribe uno o desmarca \"Envíenme mensajes de texto sobre este pedido\".",
  },
  order_texts_too_many: {
    en: "Too many orders asked for texts from this network. Untick \"Text me about this order\" or try again in an hour.",
    es: "Se pidieron mensajes para demasiados pedidos desde esta red. Desmarca \"Envíenme mensajes de texto sobre este pedido\" o inténtalo en una hora.",
  },
  texts_too_many: {
    en: "Too many codes were asked for. Please wait up to an hour and try again.",
    es: "Se pidieron demasiados códigos. Espera hasta una hora e inténtalo de nuevo.",
  },
  texts_code_wrong: {
    en: "That code is not right, or it ran out. Check the text message, or ask for a new code.",
    es: "Ese código no es correcto o ya venció. Revisa el mensaje de texto o pide un código nuevo.",
  },
} satisfies Dictionary;
