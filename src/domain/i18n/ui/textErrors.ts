// What the API tells a diner about texts about their orders, by code, in both languages (spread into
// errors.ts's dictionary): choosing texts for a phone proven by a code.
import type { Dictionary } from "../translate";

export const textErrorWords = {
  texts_off: { en: "Texts are not available right now: we will e-mail you instead.", es: "Los mensajes de texto no están disponibles ahora: te escribiremos por correo." },
  texts_us_only: {
    en: "Enter a US mobile number, for example (305) 555-0142.",
    es: "Escribe un número de celular de EE. UU., por ejemplo (305) 555-0142.",
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
