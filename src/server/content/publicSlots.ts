// The public, CDN-cached view of the banner and gallery slots for the home page, and the purge
// that drops the cached copy as soon as an admin changes a picture.
import { purgeCache } from "@netlify/functions";
import { displayImageUrl } from "../../domain/images";
import { log } from "../platform/http";
import type { SlotKind } from "../../domain/images";
import { listSlots } from "./imageSlots";

export const SLOTS_CACHE_TAG = "site-images";

/** Widths the home page shows these pictures at (the hero spans the screen). */
const DISPLAY_WIDTH: Record<SlotKind, number> = { banners: 1600, gallery: 800 };

/** `{ id, title, imageUrl, displayUrl }` per slot; `imageUrl` null means "keep the page's default". */
export async function publicSlots(kind: SlotKind) {
  return (await listSlots(kind)).map(({ id, title, imageUrl }) => ({
    id,
    title,
    imageUrl,
    displayUrl: displayImageUrl(imageUrl, DISPLAY_WIDTH[kind]),
  }));
}

export const PUBLIC_CACHE_HEADERS = {
  "cache-control": "public, max-age=60",
  "netlify-cdn-cache-control": "public, durable, s-maxage=60, stale-while-revalidate=600",
  "netlify-cache-tag": SLOTS_CACHE_TAG,
};

/** Never throws: a failed purge only delays the change until the cache's max-age. */
export async function purgePublicSlots(): Promise<void> {
  try {
    await purgeCache({ tags: [SLOTS_CACHE_TAG] });
  } catch (error) {
    log("warn", "could not purge the cached banners and gallery", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
