// The staff's security notices (src/server/staff/securityNotices.ts queues them): what happened to the
// account, when and where, and what to do if it was not them, as a bank would write it.
import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import site from "../../../content/site.json";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { Layout, rendered, styles, type RenderedMail } from "./layout";
import { isSignInCode, signInCodeMail } from "./signInCodeMail";

export type SecurityEvent =
  | "passkey-added"
  | "password-changed"
  | "account-recovered"
  | "sign-in-alarm"
  | "passkey-removed"
  | "password-cleared"
  | "made-owner"
  | "made-staff"
  | "account-disabled";

export interface SecurityNotice {
  event: SecurityEvent;
  /** Whose account it is about (the recipient may be an owner hearing of another person's account). */
  accountName: string;
  accountEmail: string;
  /** When, as an ISO instant. */
  at: string;
  /** Where: the browser and the client address that made the change (none for an alarm). */
  userAgent?: string;
  address?: string;
  /** A passkey's label; an alarm's failures counted. */
  label?: string;
  failures?: number;
  /** Who made the change, when it was an owner acting on the account. */
  by?: string;
}

export interface SecurityMailContext {
  notice: SecurityNotice;
  /** Whether the recipient is the account's own person (else an owner hearing of it). */
  ownAccount: boolean;
  consoleUrl: string;
}

function whenText(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "full", timeStyle: "short" }).format(new Date(iso));
}

/** A browser's user agent, shortened to what a person recognises. */
export function browserText(userAgent: string | undefined): string {
  if (!userAgent) return "an unknown browser";
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Chrome\//.test(userAgent) ? "Chrome" : /Firefox\//.test(userAgent) ? "Firefox" : /Safari\//.test(userAgent) ? "Safari" : "a browser";
  const device = /iPhone/.test(userAgent) ? "iPhone" : /iPad/.test(userAgent) ? "iPad" : /Android/.test(userAgent) ? "Android" : /Mac OS X|Macintosh/.test(userAgent) ? "Mac" : /Windows/.test(userAgent) ? "Windows" : /Linux/.test(userAgent) ? "Linux" : "";
  return device ? `${browser} on ${device}` : browser;
}

export function securitySubject({ notice, ownAccount }: Pick<SecurityMailContext, "notice" | "ownAccount">): string {
  switch (notice.event) {
    case "passkey-added":
      return "A passkey was added to your account";
    case "password-changed":
      return "Your password was changed";
    case "account-recovered":
      return "Your account was set up again with a set-up link";
    case "sign-in-alarm":
      return ownAccount ? "Many failed sign-ins on your account" : `Many failed sign-ins on ${notice.accountName}'s account`;
    case "passkey-removed":
      return "A passkey was removed from your account";
    case "password-cleared":
      return "Your password was cleared";
    case "made-owner":
      return ownAccount ? "You are now an owner" : `${notice.accountName} is now an owner`;
    case "made-staff":
      return ownAccount ? "You are no longer an owner" : `${notice.accountName} is no longer an owner`;
    case "account-disabled":
      return ownAccount ? "Your account was disabled" : `${notice.accountName}'s account was disabled`;
  }
}

function what({ notice, ownAccount }: SecurityMailContext): string {
  const where = `from ${browserText(notice.userAgent)}${notice.address ? ` (network address ${notice.address})` : ""}`;
  const whose = ownAccount ? `your ${site.name} console account (${notice.accountEmail})` : `${notice.accountName}'s ${site.name} console account (${notice.accountEmail})`;
  const Whose = whose.charAt(0).toUpperCase() + whose.slice(1);
  const byWhom = `by ${notice.by ?? "an owner"} on ${whenText(notice.at)}, Miami time, ${where}`;
  switch (notice.event) {
    case "passkey-added":
      return `A passkey${notice.label ? ` named "${notice.label}"` : ""} was added to your ${site.name} console account (${notice.accountEmail}) on ${whenText(notice.at)}, Miami time, ${where}.`;
    case "password-changed":
      return `The password of your ${site.name} console account (${notice.accountEmail}) was changed on ${whenText(notice.at)}, Miami time, ${where}. Every other session was signed out.`;
    case "account-recovered":
      return `A set-up link was used for your ${site.name} console account (${notice.accountEmail}) on ${whenText(notice.at)}, Miami time, ${where}. Every other passkey and the old password were ended, and every session was signed out.`;
    case "sign-in-alarm":
      return `${notice.failures ?? "Many"} wrong passwords in a row were tried for ${ownAccount ? "your account" : `${notice.accountName}'s account`} (${notice.accountEmail}), the last on ${whenText(notice.at)}, Miami time. Nothing is locked: the right password and passkeys still work, and each guessing network is slowed down.`;
    case "passkey-removed":
      return `A passkey${notice.label ? ` named "${notice.label}"` : ""} was removed from ${whose} ${byWhom}. The account was signed out everywhere.`;
    case "password-cleared":
      return `The password of ${whose} was cleared ${byWhom}. The account was signed out everywhere; a passkey still works, or a new set-up link.`;
    case "made-owner":
      return `${Whose} was given the owner's role ${byWhom}. An owner can do everything: refunds, prices, and other people's accounts.`;
    case "made-staff":
      return `${Whose} was given the staff role ${byWhom}: it no longer has an owner's rights.`;
    case "account-disabled":
      return `${Whose} was disabled ${byWhom}. Its sessions, passkeys and password were ended.`;
  }
}

function advice({ notice, ownAccount }: SecurityMailContext): string {
  if (notice.event === "sign-in-alarm") {
    return ownAccount
      ? "If this was not you, a passkey is the safest way to sign in: nothing to guess. If you think someone knows your password, change it in the console (Sessions tab)."
      : "If the person did not expect this, ask them to sign in with a passkey, or make them a new set-up link in the Staff tab.";
  }
  if (!ownAccount) {
    return "If this was not expected, sign in and check the Staff and Activity tabs at once: undo it there, and make a new set-up link for any account you doubt.";
  }
  if (notice.event === "account-disabled" || notice.event === "made-staff") return "If you did not expect this, talk to another owner of the restaurant at once.";
  return "If this was not you, ask an owner for a new set-up link at once: using it ends every passkey and password of the account and signs it out everywhere.";
}

function SecurityNoticeMail(context: SecurityMailContext) {
  const subject = securitySubject(context);
  return (
    <Layout preview={subject}>
      <Heading style={styles.heading}>{subject}</Heading>
      <Text style={styles.lead}>{what(context)}</Text>
      <Text style={styles.lead}>{advice(context)}</Text>
      <Section style={{ margin: "16px 0" }}>
        <Button style={styles.button} href={context.consoleUrl}>
          Open the console
        </Button>
      </Section>
      <Text style={styles.small}>This notice is sent for every change to how an account signs in. It never asks for a password.</Text>
    </Layout>
  );
}

export function securityNoticeMail(context: SecurityMailContext): Promise<RenderedMail> {
  // A sign-in code travels as a notice (the same outbox kind and importance), in its own words.
  const notice: { event: string } = context.notice;
  if (isSignInCode(notice)) return signInCodeMail(notice, browserText(notice.userAgent));
  return rendered(securitySubject(context), <SecurityNoticeMail {...context} />);
}
