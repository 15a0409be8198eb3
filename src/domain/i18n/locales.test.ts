import { describe, expect, it } from "vitest";
import { localeOfPath, localeOfRequest, localizedPath, pathWithoutLocale } from "./locales";
import { promiseSentence } from "../promiseText";
import { scheduleFromSeed } from "../scheduleSeed";
import { openHoursText, fillHoursPlaceholders } from "../scheduleText";
import seed from "../../../content/hours.json";
import type { ScheduleSeed } from "../scheduleSeed";
import { layoutWords } from "./ui/layout";
import { pageWords } from "./ui/pages";
import { contactWords } from "./ui/contact";

describe("the two languages' paths", () => {
  it("puts a page under /es/ and back, leaving anchors, the API and other sites alone", () => {
    expect(localizedPath("es", "/full-menu")).toBe("/es/full-menu");
    expect(localizedPath("es", "/")).toBe("/es");
    expect(localizedPath("es", "/#menu")).toBe("/es#menu");
    expect(localizedPath("es", "/es/near/kendall")).toBe("/es/near/kendall");
    expect(localizedPath("en", "/es/near/kendall?x=1")).toBe("/near/kendall?x=1");
    expect(localizedPath("es", "#menu")).toBe("#menu");
    expect(localizedPath("es", "/api/menu")).toBe("/api/menu");
    expect(localizedPath("es", "https://resy.com/")).toBe("https://resy.com/");
    expect(pathWithoutLocale("/es")).toBe("/");
    expect(localeOfPath("/es/terms")).toBe("es");
    expect(localeOfPath("/estate")).toBe("en");
  });

  it("answers a request in the page's language, else the best of Accept-Language, else English", () => {
    expect(localeOfRequest(new Headers({ "x-site-locale": "es", "accept-language": "en-US" }))).toBe("es");
    expect(localeOfRequest(new Headers({ "accept-language": "fr-FR, es-MX;q=0.8, en;q=0.5" }))).toBe("es");
    expect(localeOfRequest(new Headers({ "accept-language": "es;q=0.2, en-US;q=0.9" }))).toBe("en");
    expect(localeOfRequest(new Headers({ "accept-language": "fr" }))).toBe("en");
    expect(localeOfRequest(new Headers())).toBe("en");
  });
});

describe("the hours in Spanish", () => {
  const schedule = scheduleFromSeed(seed as unknown as ScheduleSeed);

  it("read as Miami's Spanish writes them", () => {
    expect(openHoursText(schedule.weekly["jealous-fork"], "es")).toBe("martes a domingo, 9:00 a. m. - 3:00 p. m.");
    expect(openHoursText(schedule.weekly["jealous-burger"], "es")).toBe("viernes y sábado, 5:00 p. m. - 9:00 p. m.");
    expect(openHoursText(schedule.weekly["jealous-fork"])).toBe("Tuesday - Sunday, 9AM - 3PM");
  });

  it("fill the FAQ's placeholders without a doubled full stop", () => {
    expect(fillHoursPlaceholders("Abrimos {hours:jealous-fork}. Cerramos los {closed-days}.", schedule, "es")).toBe(
      "Abrimos martes a domingo, 9:00 a. m. - 3:00 p. m. Cerramos los lunes.",
    );
  });

  it("promise an order's time in a sentence", () => {
    const at = new Date("2026-11-27T17:45:00Z");
    expect(promiseSentence(at, true, new Date("2026-11-27T17:00:00Z"), "pickup", "es")).toBe("Listo para recoger hacia las 12:45 p. m.");
    expect(promiseSentence(at, false, new Date("2026-11-25T17:00:00Z"), "delivery", "es")).toMatch(/^Llega el viernes, 27 de nov\.? a las 12:45 p\. m\.$/);
  });
});

describe("the dictionaries", () => {
  it("give every entry its Spanish, different from the English wherever the English is a sentence", () => {
    for (const dictionary of [layoutWords, pageWords, contactWords]) {
      for (const [key, entry] of Object.entries(dictionary)) {
        expect(typeof entry.es, key).toBe(typeof entry.en);
        if (typeof entry.en === "string" && entry.en.includes(" ")) expect(entry.es, key).not.toBe(entry.en);
      }
    }
  });
});
