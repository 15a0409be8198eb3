// A token handed to a browser or an e-mail is kept only as its SHA-256, so a copy of the table opens
// nothing: staff's and diners' sessions, set-up and sign-in links.
import { createHash } from "node:crypto";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
