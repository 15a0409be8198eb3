// The terms a diner agrees to before a Square loyalty account is made with their phone, in each language.
import type { Locale } from "./i18n/locales";

export const LOYALTY_TERMS: Record<Locale, string> = {
  en: "Join Jealous Fork's rewards, run by Square Loyalty: your phone number becomes your rewards card, the same at the counter and online. You earn points on what you pay for (discounted items earn none) and spend them on rewards. Square keeps your points and may text you about them as the program allows; you can leave at any time by asking us.",
  es: "Únete a las recompensas de Jealous Fork, administradas por Square Loyalty: tu número de teléfono es tu tarjeta de recompensas, la misma en el mostrador y en línea. Ganas puntos con lo que pagas (los artículos con descuento no suman) y los canjeas por recompensas. Square guarda tus puntos y puede enviarte mensajes sobre ellos según lo permita el programa; puedes salir cuando quieras pidiéndonoslo.",
};
