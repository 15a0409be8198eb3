// Uploaded images: short-lived signed upload URLs, type recognition by content (never by name or
// declared type), storage in the "images" blob store, and serving them back with safe headers.
import { randomUUID } from "node:crypto";
import { IMAGE_KEY_PATTERN, UPLOADED_IMAGE_PREFIX } from "../../domain/images";
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_LABEL } from "../../domain/uploadLimits";
import { adminConfig } from "../staff";
import { safeEqual, sign } from "../platform/cookies";
import { log, readBytesWithin } from "../platform/http";
import { imageStore } from "./imageStore";
import { Conflict, InvalidRequest, NotFound, NotPermitted, said, UnsupportedMediaType } from "../platform/errors";

export const MAX_UPLOAD_BYTES = UPLOAD_LIMIT_BYTES;
export const UPLOAD_URL_LIFETIME_MS = 5 * 60 * 1000;
// Apart from /api/objects/upload, so the two routes never overlap.
export const UPLOAD_PATH_PREFIX = "/api/objects/uploads/";

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/avif" | "image/gif";
const IMAGE_TYPES: readonly ImageType[] = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"];

interface ImageMetadata {
  contentType: ImageType;
  size: number;
  uploadedAt: string;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The image type the bytes really are, or undefined for anything else (SVG and HTML included). */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) {
    return "image/png";
  }
  if (bytes.length >= 6 && ["GIF87a", "GIF89a"].includes(ascii(bytes, 0, 6))) return "image/gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    // An ISO media file: AVIF when the major brand or one of the compatible brands says so.
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.some((brand) => brand === "avif" || brand === "avis")) return "image/avif";
  }
  return undefined;
}

function uploadSignature(secret: string, key: string, expires: number): string {
  return sign(secret, `upload:${key}:${expires}`);
}

/** A new signed URL on our own site where one image may be PUT within the next few minutes. */
export async function createUploadUrl(): Promise<string> {
  const { secret } = await adminConfig();
  const key = randomUUID();
  const expires = Date.now() + UPLOAD_URL_LIFETIME_MS;
  const query = new URLSearchParams({ expires: String(expires), sig: uploadSignature(secret, key, expires) });
  return `${UPLOAD_PATH_PREFIX}${key}?${query}`;
}

/** Refuses (403) an upload URL that is not one we signed, or has expired. */
async function assertSignedUpload(key: string, url: URL): Promise<void> {
  const expires = Number(url.searchParams.get("expires"));
  const signature = url.searchParams.get("sig") ?? "";
  const { secret } = await adminConfig();
  if (!IMAGE_KEY_PATTERN.test(key) || !Number.isFinite(expires) || !safeEqual(signature, uploadSignature(secret, key, expires))) {
    throw new NotPermitted("This upload link is not valid. Ask for a new one.");
  }
  if (expires < Date.now()) throw new NotPermitted("This upload link has expired. Ask for a new one.");
}

export interface StoredImage {
  imageUrl: string;
  contentType: ImageType;
  size: number;
}

/**
 * Stores the image PUT to a signed upload URL. Nothing is stored unless every check passes; a URL
 * stores one image only (a second PUT answers 409), so a leaked link cannot replace a picture.
 */
export async function storeUpload(req: Request, key: string): Promise<StoredImage> {
  await assertSignedUpload(key, new URL(req.url));
  const bytes = await readBytesWithin(req, MAX_UPLOAD_BYTES, `File size exceeds ${UPLOAD_LIMIT_LABEL} limit`);
  if (bytes.length === 0) throw new InvalidRequest("The upload is empty: choose an image file.");
  const contentType = detectImageType(bytes);
  if (!contentType) {
    throw new UnsupportedMediaType("Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.");
  }
  const metadata: ImageMetadata = { contentType, size: bytes.length, uploadedAt: new Date().toISOString() };
  const result = await imageStore().set(key, bytes.buffer as ArrayBuffer, {
    metadata: { ...metadata },
    onlyIfNew: true,
  });
  if (!result.modified) throw new Conflict("This upload link has already been used. Ask for a new one.");
  log("info", "image uploaded", { key, contentType, size: bytes.length });
  return { imageUrl: `${UPLOADED_IMAGE_PREFIX}${key}`, contentType, size: bytes.length };
}

/** An uploaded image as an HTTP answer, cacheable forever (keys are never reused). */
export async function imageResponse(key: string): Promise<Response> {
  const notFound = () => new NotFound(said("image_not_found"));
  if (!IMAGE_KEY_PATTERN.test(key)) throw notFound();
  const found = await imageStore().getWithMetadata(key, { type: "arrayBuffer" });
  if (!found) throw notFound();
  const declared = (found.metadata as Partial<ImageMetadata>).contentType;
  // The type is re-derived from the bytes, so a tampered record can never be served as HTML.
  const contentType = detectImageType(new Uint8Array(found.data)) ?? "application/octet-stream";
  if (declared && declared !== contentType) log("warn", "stored image type differs from its record", { key });
  return new Response(found.data, {
    headers: {
      "content-type": IMAGE_TYPES.includes(contentType as ImageType) ? contentType : "application/octet-stream",
      "content-length": String(found.data.byteLength),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
