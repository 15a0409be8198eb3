// The go-live checklist: every outside service the site needs, checked for real (read-only calls, or a
// provider's documented test path) side by side, each within 5 s, so the whole list answers within 10 s.
// Lines come back in the order of the guide; none carries a secret beyond its last 4 characters.
import { isReady, type GoLiveReport } from "../../domain/goLive";
import { applePayCheck } from "./applePay";
import { couriersCheck } from "./couriers";
import { giftCardsCheck } from "./giftCards";
import { loyaltyCheck } from "./loyalty";
import { ALL_CHECKS_MS, CHECK_TIMEOUT_MS, runCheck, type Check } from "./lines";
import { mailCheck, outboxCheck } from "./mail";
import { menuPhotosCheck } from "./menuPhotos";
import { buildHookCheck, databaseCheck, secretsCheck } from "./platform";
import { searchCheck } from "./search";
import { sandboxCheckLine } from "./sandboxCheck";
import { squareConfig, squareSdk } from "../platform/squareClient";
import { squareConnectionCheck, squareRecordsCheck } from "./square";
import { textsCheck } from "./texts";

export { markStep } from "./manualSteps";
export { sendOwnerTestMail } from "./mail";
export { ALL_CHECKS_MS, CHECK_TIMEOUT_MS };

/** Runs every check. `requestHost`: the host the console is open on (a hostname for Apple Pay). */
export async function goLiveReport(requestHost: string | null): Promise<GoLiveReport> {
  const checks: Check[] = [
    // First: registering the texts' number takes weeks.
    textsCheck,
    squareConnectionCheck,
    squareRecordsCheck,
    giftCardsCheck,
    loyaltyCheck,
    sandboxCheckLine,
    applePayCheck(requestHost),
    mailCheck,
    outboxCheck,
    buildHookCheck,
    databaseCheck,
    secretsCheck,
    couriersCheck,
    searchCheck,
    menuPhotosCheck,
  ];
  // The SDK (some 3 MB) is loaded before the clocks start: its time is the function's, not Square's answer.
  if (squareConfig()) await squareSdk();
  const lines = (await Promise.all(checks.map((check) => runCheck(check)))).flat();
  return { checkedAt: new Date().toISOString(), ready: isReady(lines), lines };
}

