// The diner's account page (its prerendered part and its island) and the two account e-mails (the
// sign-in link, a passkey added): English and Spanish side by side.
import { sentenceEnd, words, type Dictionary } from "../translate";

export const accountWords = {
  "page.title": { en: "Your account", es: "Tu cuenta" },
  "page.metaTitle": { en: "Your account | Jealous Fork Miami", es: "Tu cuenta | Jealous Fork Miami" },
  "page.description": {
    en: "Sign in to your Jealous Fork account with a passkey or a link by e-mail. No passwords.",
    es: "Entra a tu cuenta de Jealous Fork con una llave de acceso o un enlace por correo. Sin contraseñas.",
  },
  "page.lead": {
    en: "An account is optional: you can always order as a guest. There are no passwords: you sign in with a passkey (your phone's or computer's lock) or a link we e-mail you.",
    es: "La cuenta es opcional: siempre puedes pedir como invitado. No hay contraseñas: entras con una llave de acceso (el bloqueo de tu teléfono o computadora) o con un enlace que te enviamos por correo.",
  },
  "signIn.heading": { en: "Sign in or create an account", es: "Entra o crea una cuenta" },
  "signIn.email": { en: "E-mail", es: "Correo electrónico" },
  "signIn.name": { en: "Your name (for a new account)", es: "Tu nombre (para una cuenta nueva)" },
  "signIn.passkey": { en: "Sign in with a passkey", es: "Entrar con una llave de acceso" },
  "signIn.sendLink": { en: "E-mail me a sign-in link", es: "Envíame un enlace de acceso" },
  "signIn.linkSent": words(
    (email: string) => `Check your inbox: if ${email} has an account, or to create one, we sent a link. It works once, for 15 minutes.`,
    (email: string) => `Revisa tu correo: si ${email} tiene una cuenta, o para crearla, te enviamos un enlace. Funciona una vez, durante 15 minutos.`,
  ),
  "signIn.usingLink": { en: "Signing you in…", es: "Entrando…" },
  "confirm.question": words(
    (email: string) => `Sign in as ${email}?`,
    (email: string) => `¿Entrar como ${email}?`,
  ),
  "confirm.lead": {
    en: "This sign-in link was asked for in another browser, or someone else is signed in here. Continue only if you asked for this link yourself.",
    es: "Este enlace de acceso se pidió en otro navegador, o aquí hay otra persona con la sesión iniciada. Continúa solo si tú pediste este enlace.",
  },
  "confirm.yes": { en: "Yes, sign in", es: "Sí, entrar" },
  "confirm.no": { en: "No, cancel", es: "No, cancelar" },
  "signIn.emailRequired": { en: "Enter your e-mail address.", es: "Escribe tu correo electrónico." },
  "signIn.failed": { en: "Something went wrong. Please try again.", es: "Algo salió mal. Inténtalo de nuevo." },
  "signedIn.greeting": words(
    (name: string) => (name ? `Hello, ${name}` : "Hello"),
    (name: string) => (name ? `Hola, ${name}` : "Hola"),
  ),
  "signedIn.email": words(
    (email: string) => `Signed in as ${email}`,
    (email: string) => `Sesión iniciada como ${email}`,
  ),
  "signedIn.signOut": { en: "Sign out", es: "Cerrar sesión" },
  // Cards kept on file by Square
  "cards.heading": { en: "Saved card", es: "Tarjeta guardada" },
  "cards.none": { en: "No card saved yet. Save one and pay in one tap.", es: "Aún no hay ninguna tarjeta guardada. Guarda una y paga con un toque." },
  "cards.note": { en: "Square keeps your card. We never see or store its number.", es: "Square guarda tu tarjeta. Nosotros nunca vemos ni guardamos su número." },
  "cards.add": { en: "Add a card", es: "Agregar una tarjeta" },
  "cards.save": { en: "Save this card", es: "Guardar esta tarjeta" },
  "cards.saving": { en: "Saving…", es: "Guardando…" },
  "cards.saved": words((label: string) => `${label} saved.`, (label: string) => `${label} guardada.`),
  "cards.remove": words((label: string) => `Remove ${label}`, (label: string) => `Quitar ${label}`),
  "cards.removeShort": { en: "Remove", es: "Quitar" },
  "cards.removed": { en: "Card removed.", es: "Tarjeta quitada." },
  "cards.unavailable": { en: "Saving a card is not available right now.", es: "Guardar una tarjeta no está disponible en este momento." },
  "cards.failed": { en: "The card could not be saved. Check its details and try again.", es: "No pudimos guardar la tarjeta. Revisa sus datos e inténtalo de nuevo." },
  "cards.notVerified": { en: "Your bank did not confirm the card, so it was not saved.", es: "Tu banco no confirmó la tarjeta, así que no se guardó." },
  "passkeys.heading": { en: "Passkeys", es: "Llaves de acceso" },
  "passkeys.none": {
    en: "No passkey yet. Add one to sign in next time with your face, fingerprint or device PIN.",
    es: "Aún no tienes una llave de acceso. Agrega una para entrar la próxima vez con tu cara, tu huella o el PIN del dispositivo.",
  },
  "passkeys.add": { en: "Add a passkey on this device", es: "Agregar una llave de acceso en este dispositivo" },
  "passkeys.added": { en: "Passkey added. We e-mailed you a notice.", es: "Llave de acceso agregada. Te enviamos un aviso por correo." },
  "passkeys.unnamed": { en: "Passkey", es: "Llave de acceso" },
  "passkeys.remove": words(
    (label: string) => `Remove passkey ${label}`,
    (label: string) => `Quitar la llave de acceso ${label}`,
  ),
  "passkeys.unsupported": { en: "This browser cannot use passkeys.", es: "Este navegador no puede usar llaves de acceso." },
  "sessions.heading": { en: "Where you are signed in", es: "Dónde tienes la sesión abierta" },
  "sessions.current": { en: "This device", es: "Este dispositivo" },
  "sessions.device": words(
    (browser: string, device: string) => `${browser} on ${device}`,
    (browser: string, device: string) => `${browser} en ${device}`,
  ),
  "sessions.unknown": { en: "An unknown browser", es: "Un navegador desconocido" },
  "sessions.since": words(
    (date: string) => `Signed in ${date}`,
    (date: string) => `Entró el ${date}`,
  ),
  "sessions.end": { en: "Sign out there", es: "Cerrar esa sesión" },
  "history.heading": { en: "Your orders", es: "Tus pedidos" },
  "history.none": { en: "No orders yet.", es: "Aún no tienes pedidos." },
  "history.order": words(
    (number: string, date: string) => `Order #${number}, ${date}`,
    (number: string, date: string) => `Pedido #${number}, ${date}`,
  ),
  "history.open": words(
    (number: string) => `See order #${number}`,
    (number: string) => `Ver el pedido #${number}`,
  ),
  "offer.heading": { en: "Save your details for next time", es: "Guarda tus datos para la próxima vez" },
  "offer.text": {
    en: "Keep the name, e-mail and phone of this order with a passkey (your phone's or computer's lock). No password, no e-mail to open first: next time, Order again fills in the checkout for you.",
    es: "Guarda el nombre, el correo y el teléfono de este pedido con una llave de acceso (el bloqueo de tu teléfono o computadora). Sin contraseña y sin abrir ningún correo antes: la próxima vez, «Pedir de nuevo» llena los datos del pedido por ti.",
  },
  "offer.passkey": { en: "Save with a passkey", es: "Guardar con una llave de acceso" },
  "offer.passkeySaved": words(
    (email: string) => `Saved, and you are signed in: this device's passkey signs you in next time. We sent a link to ${email} to confirm your e-mail.`,
    (email: string) => `Listo, ya tienes la sesión iniciada: la llave de acceso de este dispositivo te deja entrar la próxima vez. Te enviamos un enlace a ${email} para confirmar tu correo.`,
  ),
  "signedIn.confirmEmail": words(
    (email: string) => `To bring in every order placed with ${email}, use the link we e-mailed there to confirm it is yours.`,
    (email: string) => `Para sumar todos los pedidos hechos con ${email}, usa el enlace que te enviamos a ese correo para confirmar que es tuyo.`,
  ),
  "offer.orLink": { en: "No passkey on this device? We can e-mail you a link instead.", es: "¿No tienes llave de acceso en este dispositivo? Podemos enviarte un enlace por correo." },
  "offer.button": { en: "E-mail me a link to save my details", es: "Envíame un enlace para guardar mis datos" },
  "offer.savedHeading": { en: "Your details are saved", es: "Tus datos están guardados" },
  "offer.savedText": {
    en: "You are signed in: next time, Order again on the home page fills in the checkout for you. Your orders are on your account page.",
    es: "Tienes la sesión iniciada: la próxima vez, «Pedir de nuevo» en la página de inicio llena los datos del pedido por ti. Tus pedidos están en tu cuenta.",
  },
  "offer.savedLink": { en: "Go to your account", es: "Ir a tu cuenta" },
  "delete.heading": { en: "Delete my account", es: "Eliminar mi cuenta" },
  "delete.explain": {
    en: "Deleting removes your account, passkeys, sessions, saved phone and addresses at once. Past orders stay with the restaurant as receipts, without a link to you.",
    es: "Al eliminarla se borran de inmediato tu cuenta, tus llaves de acceso, tus sesiones, tu teléfono y tus direcciones guardadas. Los pedidos anteriores quedan en el restaurante como recibos, sin vínculo contigo.",
  },
  "delete.square": {
    en: "What stays with Square, the restaurant's point of sale: your orders and payments (its sales records), Rewards points kept by your phone number, and your customer profile in its directory (name, e-mail, phone). To have that profile removed too, ask the restaurant.",
    es: "Lo que queda en Square, el sistema de ventas del restaurante: tus pedidos y pagos (sus registros de ventas), los puntos de recompensa guardados con tu número de teléfono y tu perfil de cliente en su directorio (nombre, correo, teléfono). Para que también se elimine ese perfil, pídeselo al restaurante.",
  },
  "fresh.signInAgain": { en: "Sign in again", es: "Volver a entrar" },
  "delete.confirm": { en: "Delete my account now", es: "Eliminar mi cuenta ahora" },
  "delete.done": { en: "Your account was deleted.", es: "Tu cuenta fue eliminada." },
  "link": { en: "Account", es: "Cuenta" },

  // The e-mails
  "mail.link.subject": { en: "Your Jealous Fork sign-in link", es: "Tu enlace para entrar a Jealous Fork" },
  "mail.link.heading": { en: "Sign in to your account", es: "Entra a tu cuenta" },
  "mail.link.newHeading": { en: "Create your account", es: "Crea tu cuenta" },
  "mail.link.lead": {
    en: "Use this button to sign in. Then you can add a passkey, so next time you need no e-mail at all.",
    es: "Usa este botón para entrar. Luego puedes agregar una llave de acceso y la próxima vez no necesitarás correo.",
  },
  "mail.link.button": { en: "Sign in", es: "Entrar" },
  "mail.link.expiry": {
    en: "The link works once, for 15 minutes. If you did not ask for it, ignore this e-mail: nothing happens without the link.",
    es: "El enlace funciona una vez, durante 15 minutos. Si no lo pediste, ignora este correo: no pasa nada sin el enlace.",
  },
  "mail.confirm.subject": { en: "Confirm your e-mail for Jealous Fork", es: "Confirma tu correo para Jealous Fork" },
  "mail.confirm.lead": {
    en: "You saved your details with a passkey after your order. Confirm this e-mail is yours, so every order placed with it joins your account. If you did not order from Jealous Fork, ignore this e-mail.",
    es: "Guardaste tus datos con una llave de acceso después de tu pedido. Confirma que este correo es tuyo para que todos los pedidos hechos con él se sumen a tu cuenta. Si no pediste en Jealous Fork, ignora este correo.",
  },
  "mail.confirm.button": { en: "Confirm my e-mail", es: "Confirmar mi correo" },
  "mail.confirm.expiry": { en: "The link works once, for 24 hours.", es: "El enlace funciona una vez, durante 24 horas." },
  "mail.passkey.subject": { en: "A passkey was added to your Jealous Fork account", es: "Se agregó una llave de acceso a tu cuenta de Jealous Fork" },
  "mail.passkey.lead": words(
    (label: string, when: string) => `A passkey (${label}) was added to your account on ${when}.`,
    (label: string, when: string) => `Se agregó una llave de acceso (${label}) a tu cuenta el ${sentenceEnd(when)}`,
  ),
  "mail.passkey.notYou": {
    en: "If this was not you, open your account page, remove the passkey and sign out of every other device.",
    es: "Si no fuiste tú, abre la página de tu cuenta, quita la llave de acceso y cierra las demás sesiones.",
  },
  "mail.passkey.button": { en: "Open your account", es: "Abrir tu cuenta" },
} satisfies Dictionary;
