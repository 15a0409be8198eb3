// schema.org JSON-LD for search engines (Restaurant with its menu and hours, BreadcrumbList), built
// from plain content data so pages and tests share one source; no Astro imports, no I/O.
import { isDietaryLabel, suitableForDiet } from "./dietaryLabels";
import { WEEKDAY_NAMES, type SectionId } from "./hours";
import { formatAmount, toCents } from "./money";
import { weeklySpecs, type RestaurantSchedule } from "./schedule";

/** The subset of content/site.json the restaurant's structured data needs. */
export interface RestaurantFacts {
  name: string;
  eveningName: string;
  description: string;
  cuisine: readonly string[];
  priceRange: string;
  address: { street: string; city: string; state: string; zip: string; country: string };
  geo: { latitude: number; longitude: number };
  phoneE164: string;
  rating: { value: number; count: number };
  social: readonly { name: string; url: string }[];
  reservations: { bookingUrl: string };
}

export interface MenuSectionFacts {
  id: SectionId;
  name: string;
  description: string;
}

/** A dish shown as a sample of its section; price in dollars as content/menu.json writes it. */
export interface SampleItem {
  name: string;
  description: string;
  price: number;
  section: SectionId;
  /** Its dietary labels (content/menu.json): the diets it suits become schema.org's suitableForDiet. */
  dietary?: readonly string[];
}

export interface RestaurantOptions {
  /** Absolute URL of the site's home page (Astro.site). */
  siteUrl: string;
  /** Absolute URL of the full menu page. */
  menuUrl: string;
  /** Absolute URL of a representative picture. */
  image?: string;
  /** Names of neighbourhoods served, for a /near page. */
  areaServed?: readonly string[];
  /** The staff's schedule: its weekly hours and special dates. */
  schedule: RestaurantSchedule;
}

type JsonLd = Record<string, unknown>;

/** "09:00" from minutes after midnight, the 24-hour form schema.org expects. */
function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The staff's weekly hours, one specification per distinct range with its days (Monday first). */
export function scheduleOpeningHours(schedule: RestaurantSchedule): JsonLd[] {
  return weeklySpecs(schedule).map((spec) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: spec.days.map((day) => WEEKDAY_NAMES[day]),
    opens: clock(spec.opens),
    closes: clock(spec.closes === 24 * 60 ? 24 * 60 - 1 : spec.closes),
  }));
}

/** Special dates as schema.org writes them: a closed day opens and closes at 00:00. */
export function specialOpeningHours(schedule: RestaurantSchedule): JsonLd[] {
  return schedule.specialDates.flatMap((special) =>
    (special.hours.length ? special.hours : [{ opens: 0, closes: 0 }]).map((range) => ({
      "@type": "OpeningHoursSpecification",
      validFrom: special.from,
      validThrough: special.to,
      opens: clock(range.opens),
      closes: clock(range.closes === 24 * 60 ? 24 * 60 - 1 : range.closes),
      ...(special.note ? { description: special.note } : {}),
    })),
  );
}

function menuItem(item: SampleItem): JsonLd {
  const diets = suitableForDiet((item.dietary ?? []).filter(isDietaryLabel));
  return {
    "@type": "MenuItem",
    name: item.name,
    description: item.description,
    ...(diets.length > 0 ? { suitableForDiet: diets } : {}),
    offers: {
      "@type": "Offer",
      // Two decimals as text: the amount a guest pays, never a binary fraction like 16.990000001.
      price: formatAmount(toCents(item.price)),
      priceCurrency: "USD",
    },
  };
}

export function restaurantJsonLd(
  site: RestaurantFacts,
  sections: readonly MenuSectionFacts[],
  sampleItems: readonly SampleItem[],
  options: RestaurantOptions,
): JsonLd {
  const { address } = site;
  return {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    // One restaurant whatever the page's language: its id is on the site's root.
    "@id": new URL("/#restaurant", options.siteUrl).href,
    name: site.name,
    alternateName: site.eveningName,
    description: site.description,
    url: options.siteUrl,
    ...(options.image ? { image: options.image } : {}),
    telephone: site.phoneE164,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.zip,
      addressCountry: address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    servesCuisine: [...site.cuisine],
    priceRange: site.priceRange,
    openingHoursSpecification: scheduleOpeningHours(options.schedule),
    ...(options.schedule.specialDates.length ? { specialOpeningHoursSpecification: specialOpeningHours(options.schedule) } : {}),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: site.rating.value,
      reviewCount: site.rating.count,
      bestRating: 5,
      worstRating: 1,
    },
    acceptsReservations: site.reservations.bookingUrl,
    hasMenu: {
      "@type": "Menu",
      url: options.menuUrl,
      hasMenuSection: sections.map((section) => {
        const items = sampleItems.filter((item) => item.section === section.id);
        return {
          "@type": "MenuSection",
          name: section.name,
          description: section.description,
          ...(items.length > 0 ? { hasMenuItem: items.map(menuItem) } : {}),
        };
      }),
    },
    ...(options.areaServed && options.areaServed.length > 0
      ? { areaServed: options.areaServed.map((name) => ({ "@type": "Place", name })) }
      : {}),
    sameAs: site.social.map((link) => link.url),
  };
}

export interface Crumb {
  name: string;
  /** Absolute URL of the page. */
  url: string;
}

export function breadcrumbJsonLd(items: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/**
 * The text to put inside <script type="application/ld+json">: JSON with "<" escaped, so content
 * holding "</script>" cannot close the block early.
 */
export function jsonLdText(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
