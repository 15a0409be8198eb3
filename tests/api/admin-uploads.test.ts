// Image uploads: a signed URL from POST /api/objects/upload, real image bytes recognised by their
// content and served back identical with safe headers; everything else refused and nothing stored.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalBlobs, type LocalBlobs } from "../support/blobs";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import upload from "../../netlify/functions/objects-upload.mts";
import { PUT } from "../../src/pages/api/objects/uploads/[key]";
import images from "../../netlify/functions/images.mts";
import { imageStore } from "../../src/server/content/imageStore";
import { detectImageType } from "../../src/server/content/images";
import { adminCookie } from "../support/admin";

let blobs: LocalBlobs;
let cookie: string;
beforeAll(async () => {
  blobs = await startLocalBlobs();
  cookie = await adminCookie();
});
afterAll(() => blobs.stop());

async function picture(format: "png" | "jpeg" | "webp" | "gif" | "avif"): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 194, g: 65, b: 12 } } })
    .toFormat(format)
    .toBuffer();
}

async function uploadUrl(): Promise<string> {
  const res = await call(upload, "/api/objects/upload", { method: "POST", headers: { cookie } });
  expect(res.status).toBe(200);
  const { uploadURL } = await jsonOf<{ uploadURL: string }>(res);
  return uploadURL;
}

/** PUTs bytes to the signed URL the way the admin page does, with the key taken from the URL. */
async function putTo(uploadURL: string, body: BodyInit, contentType: string): Promise<Response> {
  const key = new URL(uploadURL, "http://x").pathname.split("/").pop()!;
  const request = new Request(new URL(uploadURL, SITE_ORIGIN), { method: "PUT", body, headers: { "content-type": contentType } });
  // An Astro endpoint (see its header for why): it takes Astro's context, of which it reads params.
  return PUT({ request, params: { key } } as never);
}

async function storedKeys(): Promise<string[]> {
  return (await imageStore().list()).blobs.map((blob) => blob.key);
}

describe("image uploads", () => {
  it("hands out a short-lived signed URL on our own site, only to a signed-in admin", async () => {
    const uploadURL = await uploadUrl();
    expect(uploadURL).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}\?expires=\d+&sig=[\w-]+$/);
    const expires = Number(new URL(uploadURL, "http://x").searchParams.get("expires"));
    expect(expires - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect((await call(upload, "/api/objects/upload", { method: "POST" })).status).toBe(401);
  });

  for (const [format, type] of [
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["webp", "image/webp"],
  ] as const) {
    it(`stores a ${format.toUpperCase()} and serves the identical bytes back with its type, immutable caching and nosniff`, async () => {
      const bytes = await picture(format);
      // The declared type is deliberately wrong: only the content decides.
      const res = await putTo(await uploadUrl(), new Uint8Array(bytes), "application/octet-stream");
      expect(res.status).toBe(201);
      const { imageUrl, contentType } = await jsonOf<{ imageUrl: string; contentType: string }>(res);
      expect(contentType).toBe(type);
      expect(imageUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
      expect(await storedKeys()).toContain(imageUrl.split("/").pop());
      const served = await call(images, imageUrl, { params: { key: imageUrl.split("/").pop()! } });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    });
  }

  it("recognises GIF and AVIF by their content too", async () => {
    expect(detectImageType(await picture("gif"))).toBe("image/gif");
    expect(detectImageType(await picture("avif"))).toBe("image/avif");
  });

  const refusals: [string, () => Promise<Uint8Array<ArrayBuffer>>, string, number][] = [
    [
      "an SVG",
      async () => new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "image/svg+xml",
      415,
    ],
    ["HTML named .png and declared image/png", async () => new TextEncoder().encode("<!doctype html><h1>hi</h1>"), "image/png", 415],
    [
      "a picture of 4 MB and one byte (Netlify's buffered body, base64-encoded, holds no more)",
      async () => {
        const big = new Uint8Array(4 * 1024 * 1024 + 1);
        big.set(await picture("png"));
        return big;
      },
      "image/png",
      413,
    ],
    ["an empty body", async () => new Uint8Array(), "image/png", 400],
  ];
  for (const [what, bytes, type, status] of refusals) {
    it(`refuses ${what} with ${status} and stores nothing`, async () => {
      const before = await storedKeys();
      const res = await putTo(await uploadUrl(), await bytes(), type);
      expect(res.status).toBe(status);
      expect((await jsonOf(res)).error).toEqual(expect.any(String));
      expect(await storedKeys()).toEqual(before);
    });
  }

  it("refuses a forged or reused upload URL", async () => {
    const bytes = new Uint8Array(await picture("png"));
    const uploadURL = await uploadUrl();
    const forged = uploadURL.replace(/sig=[\w-]+/, "sig=forged");
    expect((await putTo(forged, bytes, "image/png")).status).toBe(403);
    expect((await putTo(uploadURL, bytes, "image/png")).status).toBe(201);
    expect((await putTo(uploadURL, bytes, "image/png")).status).toBe(409);
  });

  it("answers 404 for an image that does not exist", async () => {
    const res = await call(images, "/api/images/00000000-0000-4000-8000-000000000000", {
      params: { key: "00000000-0000-4000-8000-000000000000" },
    });
    expect(res.status).toBe(404);
  });
});
