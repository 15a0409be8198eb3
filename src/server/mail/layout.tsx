// The look every e-mail of the site shares (the brand's cream page, paprika and display face, the
// restaurant's address and phone at the foot) and the one way a message is rendered: HTML with the
// doctype mail clients expect, and its plain-text part.
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import site from "../../../content/site.json";
import { BRAND_COLORS, BRAND_FONTS } from "../../domain/brandColors";
import type { Locale } from "../../domain/i18n/locales";

/** A message ready for the SMTP sender. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const { paprika: BRAND, ink: INK, cream: CREAM, muted: MUTED, paper: PAPER, line: LINE } = BRAND_COLORS;

export const ADDRESS = `${site.address.street}, ${site.address.city}, ${site.address.state} ${site.address.zip}`;
export const MAP_URL = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${site.name}, ${ADDRESS}`)}`;

export const styles = {
  body: { backgroundColor: CREAM, color: INK, fontFamily: BRAND_FONTS.text, margin: 0 },
  container: { backgroundColor: PAPER, border: `1px solid ${LINE}`, borderRadius: "12px", margin: "24px auto", maxWidth: "560px", padding: "24px" },
  brand: { color: BRAND, fontFamily: BRAND_FONTS.display, fontSize: "22px", fontWeight: 700, margin: "0 0 8px" },
  heading: { color: INK, fontFamily: BRAND_FONTS.display, fontSize: "24px", margin: "8px 0" },
  lead: { fontSize: "16px", lineHeight: "24px", margin: "8px 0" },
  small: { color: MUTED, fontSize: "13px", lineHeight: "20px", margin: "4px 0" },
  row: { fontSize: "15px", lineHeight: "22px", margin: "2px 0" },
  total: { fontSize: "16px", fontWeight: 700, margin: "8px 0 0" },
  button: { backgroundColor: BRAND, borderRadius: "8px", color: PAPER, fontWeight: 600, padding: "12px 20px", textDecoration: "none" },
  link: { color: BRAND, textDecoration: "underline" },
} as const;

export function Layout({ preview, locale = "en", children }: { preview: string; locale?: Locale; children: ReactNode }) {
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{site.name}</Text>
          {children}
          <Hr />
          <Text style={styles.small}>
            {site.name} · {ADDRESS} · <Link style={styles.link} href={`tel:${site.phoneE164}`}>{site.phone}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}


/** The doctype mail clients expect (React Email's own render writes the same). */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Rendered with react-dom/server directly rather than React Email's render(): that one imports
 * react-dom/server at run time, which a bundled Netlify function cannot resolve. Both are loaded when a
 * message is first rendered (a literal import(), which the bundle keeps): every function that queues mail
 * imports this file, and loading them at start took about 30 ms of a cold start that renders none.
 */
export async function rendered(subject: string, element: ReactNode): Promise<RenderedMail> {
  const [{ renderToStaticMarkup }, { plainTextSelectors, toPlainText }] = await Promise.all([import("react-dom/server"), import("@react-email/render")]);
  const html = DOCTYPE + renderToStaticMarkup(element);
  // The plain-text part writes a phone once, not followed by its tel: link.
  const selectors = [...plainTextSelectors, { selector: 'a[href^="tel:"]', format: "anchor", options: { ignoreHref: true } }];
  return { subject, html, text: toPlainText(html, { selectors }) };
}
