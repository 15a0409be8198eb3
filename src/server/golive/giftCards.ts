// The go-live line of gift cards: the site sells and takes them through Square, so Square must answer
// gift card calls for this account (a list of one card: read-only). Without Square it waits for Square.
import type { GoLiveLine } from "../../domain/goLive";
import { giftCardsEnabled } from "../giftcards";
import { squareConfig } from "../platform/squareClient";
import { line, type Check } from "./lines";
import { SQUARE_LINES } from "./square";

export const giftCardsCheck: Check = {
  specs: [SQUARE_LINES.giftCards],
  run: async (): Promise<GoLiveLine[]> => {
    const spec = SQUARE_LINES.giftCards;
    if (!squareConfig()) {
      return [line(spec, "amber", "Not checked until Square is connected: locally, gift cards go through the test gateway.", "Connect Square first (the lines above).")];
    }
    const checked = await giftCardsEnabled();
    if (checked.enabled) return [line(spec, "green", checked.reason, "", { lastSeenWorking: new Date().toISOString() })];
    return [line(spec, "red", `The gift card page cannot sell or check cards: ${checked.reason}`, "Turn gift cards on in Square's Dashboard and give the app GIFTCARDS_READ and GIFTCARDS_WRITE (docs/gift-cards.md).")];
  },
};
