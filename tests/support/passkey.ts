// A software authenticator for API tests: makes a P-256 passkey and answers WebAuthn's registration and
// sign-in ceremonies as a browser with a platform authenticator would (attestation "none").
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

const b64u = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();
const u32 = (n: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(n);
  return buffer;
};

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  private counter = 0;
  private userHandle = "";

  /**
   * `origin` is what the browser puts in the client data: the site's own, or another for a phishing test.
   * `userVerified: false` is a security key without a PIN or fingerprint: it proves presence only.
   */
  private readonly origin: string;
  private readonly options: { userVerified?: boolean };

  // Plain fields, not parameter properties: the bench loads this file with Node's own type stripping.
  constructor(origin: string, options: { userVerified?: boolean } = {}) {
    this.origin = origin;
    this.options = options;
  }

  /** The authenticator data's flags: user present (0x01), user verified (0x04), plus `extra`. */
  private flags(extra = 0): number {
    return 0x01 | (this.options.userVerified === false ? 0 : 0x04) | extra;
  }

  get id(): string {
    return b64u(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
  }

  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    // Flags: user present, user verified (unless not), attested credential data.
    const authData = Buffer.concat([sha256(options.rp.id!), Buffer.from([this.flags(0x40)]), u32(0), Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
    };
  }

  authenticate(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON {
    this.counter++;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const authenticatorData = Buffer.concat([sha256(options.rpId!), Buffer.from([this.flags()]), u32(this.counter)]);
    const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authenticatorData), signature: b64u(signature), userHandle: this.userHandle },
      clientExtensionResults: {},
    };
  }
}
