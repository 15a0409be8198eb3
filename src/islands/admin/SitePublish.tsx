// The console's notice of where the last saved change stands on its way to the prerendered pages
// ("Changes saved; the site updates in about 2 minutes", then when it is live), from the server's
// build hook state and the time the pages being served were built. Asking while a change is on its way
// also lets the server make a due build hook call on time.
import { useEffect, useState } from "react";
import { apiRequest, API_CHANGED_EVENT } from "../../lib/api";
import { publishNotice, type PublishNotice, type SiteRebuildStatus } from "../../domain/sitePublish";

/** While a change is on its way, asked often; otherwise now and then (another person may save). */
const ON_ITS_WAY_MS = 5_000;
const SETTLED_MS = 60_000;

async function readNotice(): Promise<PublishNotice> {
  const [status, published] = await Promise.all([
    apiRequest<SiteRebuildStatus>("/api/admin/site-publish"),
    fetch("/published.json", { cache: "no-store" }).then((res) => (res.ok ? (res.json() as Promise<{ builtAt: string }>) : null)),
  ]);
  // No build stamp (a development server without it): the pages are rendered live.
  return publishNotice(status, published?.builtAt ?? new Date().toISOString());
}

const TONES: Record<PublishNotice["state"], string> = {
  live: "border-green-300 bg-green-50 text-green-900",
  updating: "border-blue-300 bg-blue-50 text-blue-900",
  retrying: "border-amber-300 bg-amber-50 text-amber-900",
  local: "border-stone-300 bg-white text-ink",
};

export function SitePublish() {
  const [notice, setNotice] = useState<PublishNotice | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const refresh = async () => {
      clearTimeout(timer);
      let next: PublishNotice | null = null;
      try {
        next = await readNotice();
        if (!stopped) setNotice(next);
      } catch {
        // A missed poll changes nothing on screen; the next one tries again.
      }
      if (!stopped) timer = setTimeout(() => void refresh(), next?.state === "live" || next?.state === "local" ? SETTLED_MS : ON_ITS_WAY_MS);
    };
    // A save anywhere in the console (a write answered OK): ask at once.
    const onChanged = () => void refresh();
    addEventListener(API_CHANGED_EVENT, onChanged);
    void refresh();
    return () => {
      stopped = true;
      clearTimeout(timer);
      removeEventListener(API_CHANGED_EVENT, onChanged);
    };
  }, []);

  if (!notice) return null;
  return (
    <p role="status" aria-live="polite" className={`rounded-lg border px-4 py-2 text-sm ${TONES[notice.state]}`}>
      {notice.text}
    </p>
  );
}
