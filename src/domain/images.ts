// Image URLs shared by browser and server: which URLs an admin may attach to a record, and the
// resized Netlify Image CDN address visitors load for an uploaded image.

/** Where uploaded images are served from: `/api/images/{key}` (src/server/content/images.ts). */
export const UPLOADED_IMAGE_PREFIX = "/api/images/";

/** A key of an uploaded image: a UUID, so keys are unguessable and never collide. */
export const IMAGE_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUploadedImageUrl(url: string): boolean {
  return url.startsWith(UPLOADED_IMAGE_PREFIX) && IMAGE_KEY_PATTERN.test(url.slice(UPLOADED_IMAGE_PREFIX.length));
}

/**
 * An image URL an admin may attach to a menu item, banner, gallery image or location: one of our
 * uploads, a file of the site under /images/, or an https address (Square's catalogue images).
 */
export function isAcceptableImageUrl(url: string): boolean {
  if (isUploadedImageUrl(url)) return true;
  if (/^\/images\/[A-Za-z0-9._\-/]+$/.test(url) && !url.includes("..")) return true;
  try {
    return new URL(url).protocol === "https:" && url.length <= 500;
  } catch {
    return false;
  }
}

/**
 * Where Square keeps catalogue pictures. The site's Content-Security-Policy allows images from itself
 * only, so these reach visitors through the Netlify Image CDN, which netlify.toml's `[images]
 * remote_images` allows to fetch from exactly these hosts.
 */
export const SQUARE_IMAGE_HOSTS = [
  "items-images-production.s3.us-west-2.amazonaws.com",
  "items-images-sandbox.s3.us-west-2.amazonaws.com",
] as const;

export function isSquareImageUrl(url: string): boolean {
  // The site's own pictures are paths: no URL to parse, and no exception thrown and caught for each
  // of the menu's dishes when the full menu starts.
  if (!url.startsWith("https://")) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && (SQUARE_IMAGE_HOSTS as readonly string[]).includes(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * A dish's own photograph: one staff uploaded or Square's catalogue holds. A site file (the drawings that
 * once stood in for dishes under /images/menu/) is never counted as one: a dish without a photo is shown
 * as a typographic card, and the console and the go-live list name it as still without one.
 */
export function isDishPhoto(url: string | null | undefined): url is string {
  return !!url && (isUploadedImageUrl(url) || isSquareImageUrl(url));
}

/**
 * The address a page should put in `<img src>` for a stored image URL: uploads and Square's
 * catalogue pictures go through the Netlify Image CDN, resized to `width` and converted to AVIF
 * (smaller than a camera's JPEG, and served from the site, as its policy wants); every other URL
 * (the site's own /images/) is returned as it is.
 */
export function displayImageUrl(url: string, width: number, format?: "avif" | "webp"): string;
export function displayImageUrl(url: string | null | undefined, width: number, format?: "avif" | "webp"): string | null;
export function displayImageUrl(url: string | null | undefined, width: number, format: "avif" | "webp" = "avif") {
  if (!url) return null;
  if (!isUploadedImageUrl(url) && !isSquareImageUrl(url)) return url;
  return `/.netlify/images?url=${encodeURIComponent(url)}&w=${Math.round(width)}&fm=${format}`;
}

/** The home page's picture slots staff can change (src/server/content/imageSlots.ts holds the list). */
export type SlotKind = "banners" | "gallery";

export interface ImageSlot {
  id: string;
  title: string;
  /** The chosen picture, or null when the page keeps its own default picture. */
  imageUrl: string | null;
  updatedAt: string | null;
}
