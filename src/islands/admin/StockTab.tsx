// The Stock tab: every dish at a glance for a busy line, found by a search or filtered by section or
// "out of stock only", each with one large switch, "86 until tomorrow" and "Back at…" a time (StockRow). A change shows on the menu within the live state's
// cache time (the same stock flag the Featured tab sets).
import { useId, useState } from "react";
import { inputClass, SECTION_NAMES, type ItemTabProps } from "./shared";
import { StockRow } from "./StockRow";

export function StockTab({ items, onItemChanged }: ItemTabProps) {
  const searchId = useId();
  const sectionId = useId();
  const [query, setQuery] = useState("");
  const [section, setSection] = useState("all");
  const [outOnly, setOutOnly] = useState(false);

  const words = query.trim().toLowerCase();
  const shown = items.filter(
    (item) =>
      (section === "all" || item.section === section) &&
      (!outOnly || !item.inStock) &&
      (!words || `${item.name} ${item.category}`.toLowerCase().includes(words)),
  );
  const out = items.filter((item) => !item.inStock).length;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <label htmlFor={searchId} className="text-sm font-medium">Search dishes</label>
          <input id={searchId} type="search" className={`${inputClass} min-h-11 text-base`} value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <div>
          <label htmlFor={sectionId} className="text-sm font-medium">Section</label>
          <select id={sectionId} className={`${inputClass} min-h-11`} value={section} onChange={(event) => setSection(event.target.value)}>
            <option value="all">All sections</option>
            {Object.entries(SECTION_NAMES).map(([id, name]) => (
              <option key={id} value={id}>{name}</option>
            ))}
          </select>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-6" checked={outOnly} onChange={(event) => setOutOnly(event.target.checked)} />
          Out of stock only ({out})
        </label>
      </div>
      <p role="status" className="text-sm text-stone-700">{shown.length} of {items.length} dishes shown.</p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map((item) => (
          <StockRow key={item.id} item={item} onItemChanged={onItemChanged} />
        ))}
      </ul>
    </div>
  );
}
