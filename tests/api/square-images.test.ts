// Square's catalogue pictures are https addresses the site's own Content-Security-Policy would block:
// pages load them through the Netlify Image CDN, which netlify.toml allows to fetch from Square's hosts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { SQUARE_IMAGE_HOSTS, displayImageUrl } from "../../src/domain/images";
import { SQUARE_IMAGE_URL } from "../support/squareCatalogue";

const toml = parse(readFileSync(join(import.meta.dirname, "..", "..", "netlify.toml"), "utf8")) as { images?: { remote_images?: string[] } };

describe("a dish's picture synced from Square", () => {
  it("is shown through the site's Image CDN, resized, not from Square's host", () => {
    const shown = displayImageUrl(SQUARE_IMAGE_URL, 128);
    expect(shown).toBe(`/.netlify/images?url=${encodeURIComponent(SQUARE_IMAGE_URL)}&w=128&fm=avif`);
  });

  it("comes from a host netlify.toml lets the Image CDN fetch, and from no other", () => {
    const allowed = (toml.images?.remote_images ?? []).map((pattern) => new RegExp(`^${pattern}$`));
    for (const host of SQUARE_IMAGE_HOSTS) expect(allowed.some((re) => re.test(`https://${host}/files/dish.jpg`))).toBe(true);
    expect(allowed.some((re) => re.test(SQUARE_IMAGE_URL))).toBe(true);
    expect(allowed.some((re) => re.test("https://evil.example/files/dish.jpg"))).toBe(false);
    expect(allowed.some((re) => re.test("https://items-images-production.s3.us-west-2.amazonaws.com.evil.example/x.jpg"))).toBe(false);
  });
});
