// The words of the checkout's code field (src/islands/checkout/PromoCode.tsx): collapsed under "Have a
// code?", the code's label and its discount once applied, and the sentences of a check that failed on
// the way (a refused code's own sentence comes from the server, in the page's language).
import type { Dictionary } from "../translate";
import { words } from "../translate";

export const promoCodeWords = {
  "toggle": { en: "Have a code?", es: "¿Tienes un código?" },
  "label": { en: "Promo code", es: "Código promocional" },
  "apply": { en: "Apply", es: "Aplicar" },
  "checking": { en: "Checking...", es: "Comprobando..." },
  "remove": { en: "Remove", es: "Quitar" },
  "removeCode": words(
    (code: string) => `Remove code ${code}`,
    (code: string) => `Quitar el código ${code}`,
  ),
  "applied": words(
    (code: string) => `Code ${code} applied`,
    (code: string) => `Código ${code} aplicado`,
  ),
  "empty": { en: "Enter a code.", es: "Escribe un código." },
  "malformed": { en: "That code is not valid.", es: "Ese código no es válido." },
  "failed": {
    en: "We could not check the code. Please try again.",
    es: "No pudimos comprobar el código. Inténtalo de nuevo.",
  },
} satisfies Dictionary;
