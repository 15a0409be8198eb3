// The JWT DoorDash Drive takes on every request: HS256 over the header {alg, typ, dd-ver: DD-JWT-V1}
// and the claims {aud: doordash, iss: developer id, kid: key id, iat, exp}, signed with the signing
// secret decoded from base64url, as DoorDash's JWT reference writes it. A fresh one per call.
import { createHmac } from "node:crypto";

export interface DoorDashKey {
  developerId: string;
  keyId: string;
  signingSecret: string;
}

/** DoorDash caps a token's life at 30 minutes; five is what its own examples use. */
const LIFETIME_SECONDS = 300;

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function doordashJwt(key: DoorDashKey, now: Date = new Date()): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT", "dd-ver": "DD-JWT-V1" }));
  const claims = base64url(JSON.stringify({ aud: "doordash", iss: key.developerId, kid: key.keyId, iat, exp: iat + LIFETIME_SECONDS }));
  const signature = createHmac("sha256", Buffer.from(key.signingSecret, "base64url")).update(`${header}.${claims}`).digest("base64url");
  return `${header}.${claims}.${signature}`;
}
