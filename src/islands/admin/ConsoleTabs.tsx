// The console's tabs: their names, which a role may use, the tab named in the address, and the tab list
// (the WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs).
import { useRef, type KeyboardEvent } from "react";
import type { SignedInAccount } from "./account";

// Orders first: staff land on the board during service.
const TABS = ["Orders", "Stock", "Featured", "Menu Images", "Dish Labels", "Banners", "Gallery", "Locations", "System", "Sales", "Gift Cards", "Offers", "Catering", "Messages", "Mail", "Hours", "Spanish", "Staff", "Activity", "Sessions", "Go live"] as const;
export type Tab = (typeof TABS)[number];
/** The tabs of staff (orders board, stock flags, messages, their sessions); the owner has them all. */
const STAFF_TABS: readonly Tab[] = ["Orders", "Stock", "Featured", "Messages", "Sessions"];
export const tabsOf = (account: SignedInAccount | null): readonly Tab[] => (account?.role === "owner" ? TABS : STAFF_TABS);
export const tabSlug = (tab: Tab) => tab.toLowerCase().replace(" ", "-");

/** The tab named in the address (#orders), so a reload or a shared link opens the same tab. */
export function tabFromHash(): Tab {
  return TABS.find((tab) => `#${tabSlug(tab)}` === location.hash) ?? "Orders";
}

export function Tabs({ tabs: TABS, active, onChange }: { tabs: readonly Tab[]; active: Tab; onChange: (tab: Tab) => void }) {
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  // Arrow keys move between tabs (WAI-ARIA tabs pattern); Tab moves into the panel.
  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.indexOf(active);
    const next =
      event.key === "ArrowRight" ? TABS[(index + 1) % TABS.length]
      : event.key === "ArrowLeft" ? TABS[(index - 1 + TABS.length) % TABS.length]
      : event.key === "Home" ? TABS[0]
      : event.key === "End" ? TABS[TABS.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current.get(next)?.focus();
  }
  return (
    <div role="tablist" aria-label="Admin sections" className="flex flex-wrap gap-1 border-b border-stone-300" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) refs.current.set(tab, element);
          }}
          type="button"
          role="tab"
          id={`tab-${tabSlug(tab)}`}
          aria-selected={tab === active}
          aria-controls={`panel-${tabSlug(tab)}`}
          tabIndex={tab === active ? 0 : -1}
          className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-semibold ${
            tab === active ? "border-stone-300 border-b-white bg-white text-brand-700" : "border-transparent text-stone-700 hover:text-ink"
          }`}
          onClick={() => onChange(tab)}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}
