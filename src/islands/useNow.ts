// The current instant for open/closed badges: null until the island has mounted (so the server's
// HTML and the first browser render agree), then refreshed at every minute while the page stays open.
import { useEffect, useState } from "react";

export function useNowEveryMinute(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    let interval: ReturnType<typeof setInterval> | undefined;
    // First tick on the next minute boundary, then every minute, so 15:00 flips at 15:00.
    const timeout = setTimeout(() => {
      setNow(new Date());
      interval = setInterval(() => setNow(new Date()), 60_000);
    }, 60_000 - (Date.now() % 60_000) + 50);
    return () => {
      clearTimeout(timeout);
      if (interval) clearInterval(interval);
    };
  }, []);
  return now;
}
