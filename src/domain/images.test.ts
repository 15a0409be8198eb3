import { describe, expect, it } from "vitest";
import { displayImageUrl, isDishPhoto, isSquareImageUrl } from "./images";

describe("Square's catalogue pictures", () => {
  it("are https addresses on Square's image hosts, nothing else", () => {
    expect(isSquareImageUrl("https://items-images-production.s3.us-west-2.amazonaws.com/files/abc/original.jpeg")).toBe(true);
    expect(isSquareImageUrl("http://items-images-production.s3.us-west-2.amazonaws.com/files/abc/original.jpeg")).toBe(false);
    expect(isSquareImageUrl("https://example.com/files/abc/original.jpeg")).toBe(false);
    expect(isSquareImageUrl("/images/menu/flatbread.webp")).toBe(false);
    expect(isSquareImageUrl("https://")).toBe(false);
  });

  it("go through the image CDN at the width asked; the site's own drawings are left as they are", () => {
    expect(displayImageUrl("https://items-images-production.s3.us-west-2.amazonaws.com/files/abc/original.jpeg", 128)).toBe(
      "/.netlify/images?url=https%3A%2F%2Fitems-images-production.s3.us-west-2.amazonaws.com%2Ffiles%2Fabc%2Foriginal.jpeg&w=128&fm=avif",
    );
    expect(displayImageUrl("/images/menu/flatbread.webp", 128)).toBe("/images/menu/flatbread.webp");
  });
});

describe("a dish's own photo", () => {
  it("is one staff uploaded or Square's catalogue holds; a drawing stored among the site's files is none", () => {
    expect(isDishPhoto("/api/images/0b7c6f1e-3a4d-4c2b-9f1e-2d3c4b5a6f70")).toBe(true);
    expect(isDishPhoto("https://items-images-production.s3.us-west-2.amazonaws.com/files/abc/original.jpeg")).toBe(true);
    expect(isDishPhoto("/images/menu/pancakes.webp")).toBe(false);
    expect(isDishPhoto(null)).toBe(false);
  });
});
