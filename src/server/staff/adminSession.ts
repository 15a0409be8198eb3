// The admin console's configuration (the first owner, the set-up password, the signing secret), its
// cookies, and the check that a state-changing request comes from the site's own pages (403 otherwise).
// Accounts, sessions and sign-in live in ./staff.
import { randomBytes } from "node:crypto";
import { envValue, isDeployed } from "../env";
import { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } from "./developmentPassword";
import { log } from "../platform/http";
import { db } from "../platform/database";
import { sql } from "../platform/sql";
import { Unavailable } from "../platform/errors";

export { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD };
// The cookies and signatures are the floor's (platform/cookies.ts), shared with the diners' sessions.
export { adminCookieHeader, cookieValue, safeEqual, sign } from "../platform/cookies";

interface AdminConfig {
  /** The first owner's e-mail: OWNER_EMAIL, locally the development owner's. */
  ownerEmail: string;
  /** ADMIN_PASSWORD (locally the development password): signs in the first owner until an owner has had credentials of their own (./staff/bootstrap). */
  setupPassword: string | undefined;
  secret: string;
}

/** Deployed, a set-up password shorter than this is refused as unset: the console holds customers' details. */
export const MIN_DEPLOYED_PASSWORD_LENGTH = 16;

/**
 * The first owner and the signing secret. Every deployed context (production, previews, branch deploys)
 * needs OWNER_EMAIL and SESSION_SECRET, and ADMIN_PASSWORD (at least 16 characters) for the first sign-in
 * (503 otherwise). Locally the development owner and password apply, and the secret is a random one
 * kept in the database: local functions each run in a fresh worker, so a secret held in memory would
 * not outlive one request.
 */
export async function adminConfig(): Promise<AdminConfig> {
  const password = envValue("ADMIN_PASSWORD");
  const secret = envValue("SESSION_SECRET");
  const ownerEmail = envValue("OWNER_EMAIL");
  if (isDeployed()) {
    const setupNeeded = password === undefined ? !(await anOwnerHasCredentials()) : password.length < MIN_DEPLOYED_PASSWORD_LENGTH;
    if (!ownerEmail || !secret || setupNeeded) {
      throw new Unavailable(
        `The admin console is not configured yet: set OWNER_EMAIL, ADMIN_PASSWORD (at least ${MIN_DEPLOYED_PASSWORD_LENGTH} characters) and SESSION_SECRET for this deploy context.`,
      );
    }
    return { ownerEmail, setupPassword: password, secret };
  }
  if (!password) await announceDevelopmentOwner();
  return {
    ownerEmail: ownerEmail ?? DEVELOPMENT_OWNER_EMAIL,
    setupPassword: password ?? DEVELOPMENT_PASSWORD,
    secret: secret ?? (await developmentSecret()),
  };
}

/** Whether an enabled owner has a password or passkey of their own (ADMIN_PASSWORD is then no longer needed). */
async function anOwnerHasCredentials(): Promise<boolean> {
  return (await db.one(sql`
    SELECT 1 FROM staff_accounts a WHERE a.role = 'owner' AND a.disabled_at IS NULL
      AND (a.password_hash IS NOT NULL OR EXISTS (SELECT 1 FROM staff_passkeys p WHERE p.account_id = a.id))`)) !== null;
}

/**
 * Prints the development owner once: local functions run each request in a fresh worker, so "once" is
 * remembered in the database. Both are public (README); printing them only saves a developer the search.
 */
async function announceDevelopmentOwner(): Promise<void> {
  const first = await db.one(sql`
    INSERT INTO settings (key, value) VALUES ('development-password-announced', 'true') ON CONFLICT (key) DO NOTHING RETURNING key`);
  if (first) {
    log("warn", `admin console: ADMIN_PASSWORD is not set, so the development owner signs in with the password "${DEVELOPMENT_PASSWORD}"`);
  }
}

/** A random secret kept in the database: local functions each run in a fresh worker, so one held in memory would not outlive a request. */
async function developmentSecret(): Promise<string> {
  const fresh = JSON.stringify(randomBytes(32).toString("hex"));
  await db.run(sql`INSERT INTO settings (key, value) VALUES ('development-session-secret', ${fresh}) ON CONFLICT (key) DO NOTHING`);
  // Whoever won the race wrote the secret every request uses from now on.
  const row = await db.one<{ value: string }>(sql`SELECT value FROM settings WHERE key = 'development-session-secret'`);
  return row?.value ?? "";
}



