// The order page's curbside words: the car, the "I'm here" button, and what follows a tap.
import { words, type Dictionary } from "../translate";

export const curbsideWords = {
  "heading": { en: "Curbside pickup", es: "Recoger en la acera" },
  "car": words(
    (car: string) => `We bring it out to your car: ${car}.`,
    (car: string) => `Te lo llevamos a tu carro: ${car}.`,
  ),
  "button": { en: "I'm here", es: "Ya llegué" },
  // Where to go, and what to do there (the address from content/site.json through the page).
  "where": words((address: string) => `Come to ${address}.`, (address: string) => `Ven a ${address}.`),
  "directions": { en: "Directions", es: "Cómo llegar" },
  "howTo": {
    en: "When you park, tap \"I'm here\" on this page and we bring your order out to your car.",
    es: "Cuando estaciones, toca \"Ya llegué\" en esta página y te llevamos el pedido a tu carro.",
  },
  "sending": { en: "Telling the kitchen...", es: "Avisando a la cocina..." },
  "arrived": words(
    (time: string) => `We know you're here (since ${time}). We're bringing your order out.`,
    (time: string) => `Sabemos que llegaste (desde las ${time}). Te llevamos el pedido.`,
  ),
  "notYet": {
    en: "When you park, come back here: the \"I'm here\" button opens an hour before your pickup time.",
    es: "Cuando estaciones, vuelve aquí: el botón \"Ya llegué\" se abre una hora antes de tu hora de recogida.",
  },
  "closed": {
    en: "\"I'm here\" is closed: it was open until an hour after your pickup time. Please call us.",
    es: "\"Ya llegué\" está cerrado: estuvo abierto hasta una hora después de tu hora de recogida. Llámanos.",
  },
  "failed": { en: "We could not tell the kitchen. Please try again or call us.", es: "No pudimos avisar a la cocina. Inténtalo de nuevo o llámanos." },
} satisfies Dictionary;
