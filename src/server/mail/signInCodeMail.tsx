// The second step's e-mail (src/server/staff/signInCodes.ts queues it as a security notice): the 6-digit
// code, what asked for it (when, which browser, which network) and what to do if it was not the person.
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import site from "../../../content/site.json";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { Layout, rendered, styles, type RenderedMail } from "./layout";

export interface SignInCodeNotice {
  event: "sign-in-code";
  accountName: string;
  accountEmail: string;
  at: string;
  userAgent?: string;
  address?: string;
  expiresAt?: string;
  /** The code: kept in the outbox only until it is sent (then gone, so a resend cannot show it). */
  token?: string;
}

/** Whether an outbox notice is a sign-in code's. */
export function isSignInCode(notice: { event: string }): notice is SignInCodeNotice {
  return notice.event === "sign-in-code";
}

function timeText(iso: string, style: "full" | "time"): string {
  const options: Intl.DateTimeFormatOptions = style === "full" ? { dateStyle: "full", timeStyle: "short" } : { timeStyle: "short" };
  return new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, ...options }).format(new Date(iso));
}

export const SIGN_IN_CODE_SUBJECT = `Your ${site.name} sign-in code`;

function SignInCode({ notice, browser }: { notice: SignInCodeNotice; browser: string }) {
  const where = `${browser}${notice.address ? ` (network address ${notice.address})` : ""}`;
  return (
    <Layout preview={notice.token ? `Your sign-in code is ${notice.token}` : SIGN_IN_CODE_SUBJECT}>
      <Heading style={styles.heading}>{notice.token ? `Your sign-in code: ${notice.token}` : "This sign-in code is no longer shown"}</Heading>
      <Text style={styles.lead}>
        Someone signed in to your {site.name} console account ({notice.accountEmail}) with the right password on {timeText(notice.at, "full")}, Miami
        time, from {where}, a browser and network the account has not signed in from before.
      </Text>
      <Text style={styles.lead}>
        Because many wrong passwords were tried on your account lately, the console asks for this code as well.
        {notice.token && notice.expiresAt ? ` Enter it on the sign-in page by ${timeText(notice.expiresAt, "time")}, Miami time (it works once, for 10 minutes).` : " Sign in again for a new code."}
      </Text>
      <Text style={styles.lead}>
        If this was not you, do not share the code with anyone: your password is known to someone else. Sign in with a passkey or a browser you
        used before and change your password (Sessions tab), or ask another owner for a new set-up link.
      </Text>
      <Text style={styles.small}>The restaurant never asks you for this code by phone, text or e-mail.</Text>
    </Layout>
  );
}

/** `browser`: the browser that asked, as a person recognises it ("Chrome on Windows"). */
export function signInCodeMail(notice: SignInCodeNotice, browser: string): Promise<RenderedMail> {
  return rendered(SIGN_IN_CODE_SUBJECT, <SignInCode notice={notice} browser={browser} />);
}
