// The words of every page's frame: navigation, footer, quick actions, the cart button, the language switch.
import { words, type Dictionary } from "../translate";

export const layoutWords = {
  "skip": { en: "Skip to content", es: "Ir al contenido" },
  "nav.label": { en: "Main", es: "Principal" },
  "nav.menuButton": { en: "Menu", es: "Menú" },
  "nav.home": { en: "Home", es: "Inicio" },
  "nav.about": { en: "About", es: "Nosotros" },
  "nav.menu": { en: "Menu", es: "Menú" },
  "nav.featured": { en: "Featured Items", es: "Platos destacados" },
  "nav.fullMenu": { en: "Full Menu", es: "Menú completo" },
  "nav.reviews": { en: "Reviews", es: "Reseñas" },
  "nav.faq": { en: "FAQ", es: "Preguntas" },
  "nav.contact": { en: "Contact", es: "Contacto" },
  "nav.gallery": { en: "Gallery", es: "Galería" },
  "nav.reserve": { en: "Reserve Table", es: "Reservar mesa" },
  "language.label": { en: "Language", es: "Idioma" },
  "language.switch": { en: "Read this page in Spanish", es: "Leer esta página en inglés" },
  "footer.hours": { en: "Hours", es: "Horario" },
  "footer.quickLinks": { en: "Quick Links", es: "Enlaces rápidos" },
  "footer.serve": { en: "We Serve", es: "Llevamos a" },
  "footer.nav": { en: "Footer", es: "Pie de página" },
  "footer.social": { en: "Social media", es: "Redes sociales" },
  "footer.rights": { en: "All rights reserved.", es: "Todos los derechos reservados." },
  "footer.privacy": { en: "Privacy Policy", es: "Política de privacidad" },
  "footer.terms": { en: "Terms of Service", es: "Términos del servicio" },
  "quick.label": { en: "Quick actions", es: "Acciones rápidas" },
  "quick.reserveLabel": { en: "Reserve a table", es: "Reservar una mesa" },
  "quick.reserve": { en: "Reserve", es: "Reservar" },
  "quick.call": { en: "Call", es: "Llamar" },
  "quick.callLabel": words(
    (name: string, phone: string) => `Call ${name} at ${phone}`,
    (name: string, phone: string) => `Llamar a ${name} al ${phone}`,
  ),
  "cart.button": words(
    (count: number) => `Cart, ${count} ${count === 1 ? "item" : "items"}`,
    (count: number) => `Carrito, ${count} ${count === 1 ? "artículo" : "artículos"}`,
  ),
  "ogImageAlt": {
    en: "A brunch table seen from above: pancakes, a burger, coffee and a cocktail",
    es: "Una mesa de brunch vista desde arriba: pancakes, una hamburguesa, café y un cóctel",
  },
} satisfies Dictionary;
