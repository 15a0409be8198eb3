// Staff passwords: hashed with scrypt, a memory-hard function (64 MiB a hash, a random salt each),
// checked in constant time, and refused when short or among the common passwords people guess first.
import crypto, { randomBytes, type ScryptOptions } from "node:crypto";
import { serverConfig } from "../config";
import { COMMON_PASSWORDS } from "./commonPasswords";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

/** N = 2^16, r = 8, p = 2: 64 MiB a hash, one of OWASP's recommended scrypt settings (equal in work to 2^17, 8, 1). */
export const PASSWORD_COST = { N: 2 ** 16, r: 8, p: 2 } as const;

/** The cost new hashes take: OWASP's, unless a local test run asks for a cheaper N (never when deployed). */
function cost(): { N: number; r: number; p: number } {
  const log2n = serverConfig().STAFF_PASSWORD_SCRYPT_LOG2N;
  return log2n === undefined ? PASSWORD_COST : { ...PASSWORD_COST, N: 2 ** log2n };
}
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const settings: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    // Read from the module at call time, so the sign-in tests can count the slow hashes a guess costs.
    crypto.scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, settings, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Why a new password is refused, or undefined when it is fine. */
export function passwordProblem(password: string, email?: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || new Set(lower).size < 4) return "This password is too easy to guess. Choose another.";
  if (email && lower.includes(email.toLowerCase().split("@")[0]!) && email.split("@")[0]!.length >= 4) {
    return "Do not build the password from your e-mail address.";
  }
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost();
  const key = await derive(password, salt, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `password` matches `stored` (the parameters are read from the hash, so older costs still check). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split("$");
  if (kind !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  // Read from the module at call time, as the hash above: the sign-in tests count the compares a guess reaches.
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account is unknown or has no password, so the answer takes as long. */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await decoy);
  return false;
}
