// What the API tells a diner about their account, by code, in both languages (spread into errors.ts's
// dictionary): signing in with a passkey or an e-mailed link, adding a passkey, ending a session.
import type { Dictionary } from "../translate";

export const accountErrorWords = {
  account_signed_out: { en: "Please sign in to your account.", es: "Inicia sesión en tu cuenta." },
  // A card kept on file by Square for the diner
  card_on_file_unavailable: {
    en: "Saving a card is not available right now. You can still pay with a card at the checkout.",
    es: "Guardar una tarjeta no está disponible en este momento. Igual puedes pagar con tarjeta al hacer tu pedido.",
  },
  card_on_file_refused: {
    en: "Square could not save this card. Check its details or try another card.",
    es: "Square no pudo guardar esta tarjeta. Revisa sus datos o prueba con otra tarjeta.",
  },
  card_on_file_not_found: { en: "That card is not saved on your account.", es: "Esa tarjeta no está guardada en tu cuenta." },
  card_on_file_too_many: {
    en: "Too many cards were saved in a short time. Please try again tomorrow.",
    es: "Se guardaron demasiadas tarjetas en poco tiempo. Inténtalo de nuevo mañana.",
  },
  card_on_file_signed_out: {
    en: "A saved card pays only when you are signed in. Please sign in, or pay with a card.",
    es: "Una tarjeta guardada solo paga con tu sesión iniciada. Inicia sesión o paga con una tarjeta.",
  },
  account_link_invalid: {
    en: "This sign-in link is not valid any more. Ask for a new one on the account page.",
    es: "Este enlace de acceso ya no es válido. Pide uno nuevo en la página de tu cuenta.",
  },
  account_passkey_unknown: {
    en: "This passkey is not recognised. Sign in with a link by e-mail instead.",
    es: "No reconocemos esta llave de acceso. Entra con un enlace por correo.",
  },
  account_passkey_expired: { en: "This passkey request has expired. Please try again.", es: "Esta solicitud de llave de acceso venció. Inténtalo de nuevo." },
  account_passkey_unverified: { en: "The passkey could not be verified. Please try again.", es: "No pudimos verificar la llave de acceso. Inténtalo de nuevo." },
  account_passkey_exists: { en: "This passkey is registered already.", es: "Esta llave de acceso ya está registrada." },
  account_fresh_proof: {
    en: "Please confirm it is you: sign in again with a passkey or an e-mailed link, then add the passkey within 5 minutes.",
    es: "Confirma que eres tú: vuelve a entrar con una llave de acceso o un enlace por correo y agrega la llave en los siguientes 5 minutos.",
  },
  account_fresh_proof_change: {
    en: "For your safety, please sign in again (with a passkey or an e-mailed link), then make this change within 5 minutes.",
    es: "Por tu seguridad, vuelve a entrar (con una llave de acceso o un enlace por correo) y haz este cambio en los siguientes 5 minutos.",
  },
  account_too_many: {
    en: "Too many requests from here. Please wait a few minutes and try again.",
    es: "Demasiadas solicitudes desde aquí. Espera unos minutos e inténtalo de nuevo.",
  },
  account_not_found: { en: "No such passkey or session.", es: "No existe esa llave de acceso o sesión." },
  account_addresses_full: {
    en: "You can save up to 5 addresses. Delete one to add another.",
    es: "Puedes guardar hasta 5 direcciones. Elimina una para agregar otra.",
  },
  account_address_not_found: { en: "This address is not saved on your account.", es: "Esta dirección no está guardada en tu cuenta." },
  account_order_passkey_closed: {
    en: "Saving details from this order is no longer open here. Sign in from the account page instead.",
    es: "Ya no se pueden guardar los datos desde este pedido. Entra desde la página de tu cuenta.",
  },
  account_email_has_account: {
    en: "This e-mail already has an account: sign in with its passkey or a link by e-mail.",
    es: "Este correo ya tiene una cuenta: entra con su llave de acceso o con un enlace por correo.",
  },
  account_order_not_found: { en: "This order is not on your account.", es: "Este pedido no está en tu cuenta." },
} satisfies Dictionary;
