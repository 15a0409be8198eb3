// The words of the public pages rendered at build (.astro components): home sections, neighbourhood
// pages, legal pages, menu pages' titles. Never shipped to the browser.
import { sentenceEnd, words, type Dictionary } from "../translate";

export const pageWords = {
  // Titles and descriptions
  "home.title": { en: "Jealous Fork | Artisan Pancakes & Brunch in Miami", es: "Jealous Fork | Pancakes artesanales y brunch en Miami" },
  "about.title": { en: "About Jealous Fork | Pancakes, Brunch & Burgers in Miami since 2018", es: "Sobre Jealous Fork | Pancakes, brunch y hamburguesas en Miami desde 2018" },
  "about.description": words(
    (name: string, evening: string, since: number) => `The story of ${name} and ${evening}: chef-driven brunch and weekend burgers in West Miami since ${since}.`,
    (name: string, evening: string, since: number) => `La historia de ${name} y ${evening}: brunch de autor y hamburguesas de fin de semana en West Miami desde ${since}.`,
  ),
  "about.crumb": { en: "About", es: "Nosotros" },
  "gallery.title": { en: "Gallery | Jealous Fork Pancakes, Brunch & Burgers in Miami", es: "Galería | Pancakes, brunch y hamburguesas de Jealous Fork en Miami" },
  "gallery.description": {
    en: "Pictures of Jealous Fork's pancakes, flatbreads, coffee and cocktails, and Jealous Burger's weekend burgers and fries, in West Miami.",
    es: "Fotos de los pancakes, flatbreads, cafés y cócteles de Jealous Fork, y de las hamburguesas y papas de Jealous Burger los fines de semana, en West Miami.",
  },
  "gallery.crumb": { en: "Gallery", es: "Galería" },
  "notFound.title": { en: "Page Not Found | Jealous Fork", es: "Página no encontrada | Jealous Fork" },
  "notFound.description": {
    en: "This page does not exist. Here is the Jealous Fork home page: brunch Tuesday to Sunday, Jealous Burger Friday and Saturday nights, in Miami.",
    es: "Esta página no existe. Aquí tienes la portada de Jealous Fork: brunch de martes a domingo y Jealous Burger viernes y sábado por la noche, en Miami.",
  },
  "notFound.heading": { en: "Page not found.", es: "Página no encontrada." },
  "notFound.text": { en: "We could not find that page, so here is our home page.", es: "No encontramos esa página, así que aquí tienes nuestra portada." },
  "notFound.home": { en: "Go to the home page", es: "Ir a la portada" },
  "fullMenu.title": { en: "Full Menu | Jealous Fork & Jealous Burger, Miami", es: "Menú completo | Jealous Fork y Jealous Burger, Miami" },
  "fullMenu.description": {
    en: "The full Jealous Fork brunch menu, Jealous Burger's Friday and Saturday night burgers, and our coffee, cocktails, beer and wine, with what is open now.",
    es: "El menú completo de brunch de Jealous Fork, las hamburguesas de Jealous Burger los viernes y sábados por la noche, y nuestros cafés, cócteles, cervezas y vinos, con lo que está abierto ahora.",
  },
  "menu.title": { en: "Menu | Jealous Fork & Jealous Burger, Miami", es: "Menú | Jealous Fork y Jealous Burger, Miami" },
  "menu.description": {
    en: "Browse the Jealous Fork brunch menu, Jealous Burger's weekend burgers and our drinks, and see which kitchen is open right now.",
    es: "Mira el menú de brunch de Jealous Fork, las hamburguesas de fin de semana de Jealous Burger y nuestras bebidas, y qué cocina está abierta ahora mismo.",
  },
  "menu.sectionTitle": words(
    (name: string) => `${name} Menu | Jealous Fork, Miami`,
    (name: string) => `Menú de ${name} | Jealous Fork, Miami`,
  ),
  "menu.sectionHeading": words(
    (name: string) => `${name} Menu`,
    (name: string) => `Menú de ${name}`,
  ),
  "menu.dishTitle": words(
    (name: string, price: string) => `${name}, ${price} | Jealous Fork Menu, Miami`,
    (name: string, price: string) => `${name}, ${price} | Menú de Jealous Fork, Miami`,
  ),
  "menu.ourMenu": { en: "Our Menu", es: "Nuestro menú" },
  "legal.title": words(
    (title: string) => `${title} | Jealous Fork Miami`,
    (title: string) => `${title} | Jealous Fork Miami`,
  ),
  "legal.effective": { en: "Effective", es: "Vigente desde el" },
  "crumb.home": { en: "Home", es: "Inicio" },
  "crumb.areas": { en: "Areas We Serve", es: "Zonas de entrega" },
  "breadcrumb": { en: "Breadcrumb", es: "Ruta de navegación" },

  // Home
  "hero.kicker": words(
    (name: string, evening: string) => `${name} & ${evening} · Miami`,
    (name: string, evening: string) => `${name} y ${evening} · Miami`,
  ),
  "hero.brunch": words((hours: string) => `Brunch ${hours}.`, (hours: string) => `Brunch: ${sentenceEnd(hours)}`),
  "hero.evening": words((evening: string, hours: string) => `${evening} ${hours}.`, (evening: string, hours: string) => `${evening}: ${sentenceEnd(hours)}`),
  "hero.closed": words((days: string) => `Closed ${days}.`, (days: string) => `Cerrado los ${days}.`),
  "hero.viewMenu": { en: "View Menu", es: "Ver el menú" },
  "hero.order": { en: "Order pickup or delivery", es: "Pedir para recoger o a domicilio" },
  "hero.reserve": { en: "Make Reservation", es: "Hacer una reserva" },
  "featured.heading": { en: "Featured Menu", es: "Platos destacados" },
  "featured.text": { en: "A few of our favourites from the brunch and burger kitchens.", es: "Algunos de nuestros favoritos de las cocinas de brunch y de hamburguesas." },
  "story.heading": { en: "Our Story", es: "Nuestra historia" },
  "story.day": words(
    (since: number, name: string, street: string) =>
      `Since ${since}, ${name} has served chef-driven pancakes, savory flatbreads and brunch plates made from scratch every morning in West Miami, at ${street}.`,
    (since: number, name: string, street: string) =>
      `Desde ${since}, ${name} sirve pancakes de autor, flatbreads salados y platos de brunch hechos desde cero cada mañana en West Miami, en ${street}.`,
  ),
  "story.night": words(
    (evening: string) =>
      `On Friday and Saturday nights the same kitchen becomes ${evening}: gourmet burgers, truffle fries and desserts. Two concepts, one team, and the same care on every plate.`,
    (evening: string) =>
      `Los viernes y sábados por la noche la misma cocina se convierte en ${evening}: hamburguesas gourmet, papas con trufa y postres. Dos conceptos, un equipo y el mismo cuidado en cada plato.`,
  ),
  "story.stars": words((value: number) => `${value} stars`, (value: number) => `${String(value).replace(".", ",")} estrellas`),
  "story.from": { en: "from", es: "en" },
  "story.reviews": { en: "reviews", es: "reseñas" },
  "story.photos": { en: "Photos of Jealous Fork", es: "Fotos de Jealous Fork" },
  "story.byDay": { en: "Pancakes and brunch by day", es: "Pancakes y brunch de día" },
  "story.byNight": { en: "Gourmet burgers on weekend nights", es: "Hamburguesas gourmet los fines de semana por la noche" },
  "tile.pancakes": { en: "Pancakes, stacked tall", es: "Pancakes en torre" },
  "tile.flatbread": { en: "Flatbreads from the oven", es: "Flatbreads recién horneados" },
  "tile.fries": { en: "Truffle fries", es: "Papas con trufa" },
  "tile.coffee": { en: "Coffee and lattes", es: "Café y lattes" },
  "tile.cocktails": { en: "Sake cocktails", es: "Cócteles de sake" },
  "tile.dessert": { en: "Key lime pie and desserts", es: "Key lime pie y postres" },
  "gallery.heading": { en: "Gallery", es: "Galería" },
  "reviews.heading": { en: "What Our Guests Say", es: "Lo que dicen nuestros clientes" },
  "reviews.rated": words((rating: number) => `Rated ${rating} out of 5`, (rating: number) => `Calificación: ${rating} de 5`),
  "reviews.on": words((source: string) => `on ${source}`, (source: string) => `en ${source}`),
  "reviews.ratings": { en: "Our ratings", es: "Nuestras calificaciones" },
  "reviews.translated": { en: "Translated from English", es: "Traducida del inglés" },
  "reviews.kind.Review site": { en: "Review site", es: "Sitio de reseñas" },
  "reviews.kind.Reservations": { en: "Reservations", es: "Reservas" },
  "reviews.kind.Delivery": { en: "Delivery", es: "Entrega a domicilio" },
  "faq.heading": { en: "Frequently Asked Questions", es: "Preguntas frecuentes" },
  "contact.heading": { en: "Visit & Contact", es: "Visítanos y contáctanos" },
  "contact.findUs": { en: "Find Us", es: "Dónde estamos" },
  "contact.hours": { en: "Hours", es: "Horario" },
  "contact.message": { en: "Send Us a Message", es: "Envíanos un mensaje" },
  "map.show": { en: "Show map", es: "Ver el mapa" },
  "map.directions": { en: "Get directions on Google Maps", es: "Cómo llegar con Google Maps" },
  "map.title": { en: "Map of Jealous Fork's location", es: "Mapa de la ubicación de Jealous Fork" },
  "delivery.heading": { en: "Delivery Areas", es: "Zonas de entrega" },
  "delivery.upTo": words((max: number) => `up to ${max} min`, (max: number) => `hasta ${max} min`),
  "delivery.tiles": { en: "Delivery fee and times", es: "Costo y tiempos de entrega" },
  "reserve.heading": { en: "Reserve a Table", es: "Reserva una mesa" },
  "reserve.text": words(
    (provider: string) => `Book your table online with ${provider}. We hold a table for 15 minutes; please cancel at least 2 hours ahead.`,
    (provider: string) => `Reserva tu mesa en línea con ${provider}. Guardamos la mesa 15 minutos; si no puedes venir, cancela con al menos 2 horas de anticipación.`,
  ),
  "reserve.on": words((provider: string) => `Reserve on ${provider}`, (provider: string) => `Reservar en ${provider}`),
  "reserve.open": words((provider: string) => `Open ${provider} booking page`, (provider: string) => `Abrir la página de reservas de ${provider}`),
  "reserve.large": words(
    (size: number) => `Parties of ${size} or more: please call us at`,
    (size: number) => `Grupos de ${size} o más: llámanos al`,
  ),
  "closing.heading": { en: "Hungry Yet?", es: "¿Ya te dio hambre?" },
  "closing.text": { en: "Save a table for brunch or burger night, or call us with any question.", es: "Guarda una mesa para el brunch o la noche de hamburguesas, o llámanos con cualquier pregunta." },
  "closing.reserve": { en: "Reserve Your Table", es: "Reserva tu mesa" },
  "closing.call": words((phone: string) => `Call ${phone}`, (phone: string) => `Llamar al ${phone}`),
  "closing.giftCards": { en: "Not hungry today? Send a gift card", es: "¿No tienes hambre hoy? Regala una tarjeta" },
  "closing.large": words((size: number) => `Parties of ${size}+ please call us directly.`, (size: number) => `Grupos de ${size} o más: llámanos directamente.`),
  "hours.closedOn": words((days: string) => `CLOSED ${days}`, (days: string) => `CERRADO LOS ${days}`),
  "special.hours": { en: "Special hours", es: "Horario especial" },
  "special.closed": { en: "Closed", es: "Cerrado" },

  // Neighbourhoods
  "areas.title": { en: "Areas We Serve | Jealous Fork Brunch Delivery in Miami-Dade", es: "Zonas de entrega | Brunch de Jealous Fork a domicilio en Miami-Dade" },
  "areas.description": words(
    (count: number) => `Jealous Fork delivers pancakes and brunch to ${count} Miami-Dade neighbourhoods, from Kendall to South Beach, for a flat $4.99 within 45 minutes.`,
    (count: number) => `Jealous Fork lleva pancakes y brunch a ${count} vecindarios de Miami-Dade, de Kendall a South Beach, por una tarifa fija de $4.99 en menos de 45 minutos.`,
  ),
  "areas.heading": { en: "Areas We Serve", es: "Zonas de entrega" },
  "areas.text": {
    en: "From our kitchen at 14417 SW 42nd St we deliver across Miami-Dade for a flat $4.99. Pick your neighbourhood to see how long the drive is, which ZIP codes we cover and what your neighbours order.",
    es: "Desde nuestra cocina en 14417 SW 42nd St llevamos pedidos a todo Miami-Dade por una tarifa fija de $4.99. Elige tu vecindario para ver cuánto tarda el viaje, qué códigos postales cubrimos y qué piden tus vecinos.",
  },
  "areas.drive": words((minutes: number) => `About ${minutes} min from our kitchen`, (minutes: number) => `A unos ${minutes} min de nuestra cocina`),
  "area.title": words(
    (name: string) => `Pancakes & Brunch Delivery in ${name} | Jealous Fork Miami`,
    (name: string) => `Pancakes y brunch a domicilio en ${name} | Jealous Fork Miami`,
  ),
  "area.description": words(
    (intro: string, name: string, fee: string) => `${intro} Order Jealous Fork pancakes and brunch to ${name}: ${fee} delivery, pickup in 15-20 min.`,
    (intro: string, name: string, fee: string) => `${intro} Pide pancakes y brunch de Jealous Fork en ${name}: entrega por ${fee}, o recoge en 15-20 min.`,
  ),
  "area.heading": words((name: string) => `Brunch in ${name}`, (name: string) => `Brunch en ${name}`),
  "area.order": { en: "Order Online", es: "Pedir en línea" },
  "area.call": words((phone: string) => `Call ${phone}`, (phone: string) => `Llamar al ${phone}`),
  "area.glance": words((name: string) => `Jealous Fork in ${name} at a glance`, (name: string) => `Jealous Fork en ${name}, de un vistazo`),
  "area.driveTile": words((name: string) => `Drive from our kitchen to ${name}`, (name: string) => `En carro desde nuestra cocina hasta ${name}`),
  "area.deliveryTime": { en: "Delivery time once your order is confirmed", es: "Tiempo de entrega una vez confirmado tu pedido" },
  "area.fee": { en: "Flat delivery fee", es: "Tarifa fija de entrega" },
  "area.rating": words((count: number) => `Rating from ${count} reviews`, (count: number) => `Calificación de ${count} reseñas`),
  "area.about": words((name: string) => `Jealous Fork for ${name}`, (name: string) => `Jealous Fork para ${name}`),
  "area.kitchen": words(
    (street: string, city: string, brunch: string, burger: string) =>
      `Our kitchen is at ${street}, ${city}, at the corner of SW 144th Ave. Brunch is served ${brunch}, and Jealous Burger takes over ${burger}.`,
    (street: string, city: string, brunch: string, burger: string) =>
      `Nuestra cocina está en ${street}, ${city}, en la esquina con SW 144th Ave. El brunch se sirve ${brunch}, y Jealous Burger toma el relevo ${burger}.`,
  ),
  "area.favourites": words((name: string) => `Favourites to order in ${name}`, (name: string) => `Favoritos para pedir en ${name}`),
  "area.packed": { en: "Made to order in our kitchen and packed to travel.", es: "Hechos al momento en nuestra cocina y empacados para el viaje." },
  "area.delivery": words((name: string) => `Delivery to ${name}`, (name: string) => `Entregas en ${name}`),
  "area.flatFee": words(
    (fee: string) => `A flat ${fee} delivery fee to every area within 45 minutes of the restaurant.`,
    (fee: string) => `Una tarifa fija de ${fee} para toda zona a menos de 45 minutos del restaurante.`,
  ),
  "area.deliveredIn": words(
    (time: string) => `Delivered in about ${time} once your order is confirmed; pickup is ready in 15-20 minutes.`,
    (time: string) => `Entregado en unos ${time} una vez confirmado tu pedido; para recoger, listo en 15-20 minutos.`,
  ),
  "area.zips": words((name: string) => `ZIP codes we deliver to in ${name}:`, (name: string) => `Códigos postales a los que entregamos en ${name}:`),
  "area.payOnline": words(
    (phone: string) => `Pay online by card; parties of 8 or more who want to dine in, please call ${phone}.`,
    (phone: string) => `Paga en línea con tarjeta; si son 8 o más y quieren comer en el restaurante, llamen al ${phone}.`,
  ),
  "area.hungry": words((name: string) => `Hungry in ${name}?`, (name: string) => `¿Con hambre en ${name}?`),
  "area.orderOrBook": { en: "Order for delivery or pickup, or book a table and come see us.", es: "Pide a domicilio o para recoger, o reserva una mesa y ven a vernos." },
  "area.fullMenu": { en: "See the Full Menu", es: "Ver el menú completo" },
  "area.reserve": { en: "Reserve a Table", es: "Reservar una mesa" },
} satisfies Dictionary;
