// The JSON-LD says what the content says: hours from the schedule, the rating, real dishes at their
// real prices in USD with 2 decimals, and breadcrumbs in schema.org's shape.
import { describe, expect, it } from "vitest";
import site from "../../content/site.json";
import sections from "../../content/sections.json";
import menu from "../../content/menu.json";
import hours from "../../content/hours.json";
import type { SectionId } from "./hours";
import { scheduleFromSeed, type ScheduleSeed } from "./scheduleSeed";
import { breadcrumbJsonLd, jsonLdText, restaurantJsonLd, type SampleItem } from "./structuredData";

const typedSections = sections as { id: SectionId; name: string; description: string }[];
const samples: SampleItem[] = menu
  .filter((item) => ["hot-maple-flatbread", "jesse-james"].includes(item.slug))
  .map((item) => ({ ...item, section: item.section as SectionId }));
const options = {
  siteUrl: "https://jealousfork.com/",
  menuUrl: "https://jealousfork.com/full-menu",
  // The hours the site opens with before staff save theirs.
  schedule: scheduleFromSeed(hours as ScheduleSeed),
};
const restaurant = restaurantJsonLd(site, typedSections, samples, options) as Record<string, any>;

describe("restaurantJsonLd", () => {
  it("describes the restaurant with its address, phone, cuisine and price range from site.json", () => {
    expect(restaurant["@context"]).toBe("https://schema.org");
    expect(restaurant["@type"]).toBe("Restaurant");
    expect(restaurant.name).toBe("Jealous Fork");
    expect(restaurant.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "14417 SW 42nd St",
      addressLocality: "Miami",
      addressRegion: "FL",
      postalCode: "33175",
      addressCountry: "US",
    });
    expect(restaurant.telephone).toBe("+13056991430");
    expect(restaurant.servesCuisine).toEqual(site.cuisine);
    expect(restaurant.priceRange).toBe("$$");
    expect(restaurant.geo).toMatchObject({ latitude: site.geo.latitude, longitude: site.geo.longitude });
    expect(restaurant.sameAs).toEqual(site.social.map((s) => s.url));
  });

  it("gives brunch Tuesday to Sunday 09:00-15:00 and burgers Friday and Saturday 17:00-21:00", () => {
    expect(restaurant.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        opens: "09:00",
        closes: "15:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday", "Saturday"], opens: "17:00", closes: "21:00" },
    ]);
    expect(JSON.stringify(restaurant.openingHoursSpecification)).not.toContain("Monday");
    expect(restaurant.specialOpeningHoursSpecification).toBeUndefined();
  });

  it("carries the rating shown on the site: 4.5 from 461 reviews", () => {
    expect(restaurant.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 461 });
  });

  it("links reservations to the booking page", () => {
    expect(restaurant.acceptsReservations).toBe(site.reservations.bookingUrl);
  });

  it("lists every menu section, and sample dishes at their menu prices in USD with 2 decimals", () => {
    const menuSections = restaurant.hasMenu.hasMenuSection as any[];
    expect(menuSections.map((s) => s.name)).toEqual(["Jealous Fork", "Jealous Burger", "Beverages"]);
    const offered = menuSections.flatMap((s) => s.hasMenuItem ?? []);
    expect(offered).toHaveLength(2);
    for (const item of offered) {
      const dish = menu.find((d) => d.name === item.name)!;
      expect(item.offers).toEqual({ "@type": "Offer", price: dish.price.toFixed(2), priceCurrency: "USD" });
      expect(item.offers.price).toMatch(/^\d+\.\d{2}$/);
    }
    expect(offered.map((i) => i.offers.price)).toEqual(["16.00", "16.00"]);
  });

  it("prices a fractional amount exactly (8.75, never 8.7499999)", () => {
    const beer = menu.find((d) => d.price === 8.75)!;
    const data = restaurantJsonLd(site, typedSections, [{ ...beer, section: "beverages" }], options) as any;
    expect(data.hasMenu.hasMenuSection[2].hasMenuItem[0].offers.price).toBe("8.75");
  });

  it("says which diets a dish suits (vegan, vegetarian), and none for a label that promises no diet", () => {
    const fries = menu.find((d) => d.slug === "classic-french-fries")!;
    const data = restaurantJsonLd(site, typedSections, [{ ...fries, section: "jealous-fork" }], options) as any;
    expect(fries.dietary).toEqual(["vegan"]);
    expect(data.hasMenu.hasMenuSection[0].hasMenuItem[0].suitableForDiet).toEqual(["https://schema.org/VeganDiet"]);
    // The Hot Maple Flatbread carries no diet label (only the allergens it contains): no diet is claimed for it.
    expect(restaurant.hasMenu.hasMenuSection[0].hasMenuItem[0].suitableForDiet).toBeUndefined();
  });

  it("names the neighbourhoods served when a page asks for it", () => {
    const data = restaurantJsonLd(site, typedSections, samples, { ...options, areaServed: ["Kendall"] }) as any;
    expect(data.areaServed).toEqual([{ "@type": "Place", name: "Kendall" }]);
    expect(restaurant.areaServed).toBeUndefined();
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the trail from 1 with absolute URLs", () => {
    expect(
      breadcrumbJsonLd([
        { name: "Home", url: "https://jealousfork.com/" },
        { name: "Privacy Policy", url: "https://jealousfork.com/privacy" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://jealousfork.com/" },
        { "@type": "ListItem", position: 2, name: "Privacy Policy", item: "https://jealousfork.com/privacy" },
      ],
    });
  });
});

describe("jsonLdText", () => {
  it("cannot close its script block early", () => {
    const text = jsonLdText(breadcrumbJsonLd([{ name: "</script><script>alert(1)</script>", url: "https://jealousfork.com/" }]));
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text).itemListElement[0].name).toBe("</script><script>alert(1)</script>");
  });
});
