// The Stock tab: every dish at a glance for a busy line, found by a search or filtered by section or
// "out of stock only", each with one large switch. A change shows on the menu within the live state's
// cache time (the same stock flag the Featured tab sets).
import { useId, useState } from "react";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { failed, inputClass, SECTION_NAMES, type AdminItem, type ItemTabProps } from "./shared";

export function StockTab({ items, onItemChanged }: ItemTabProps) {
  const searchId = useId();
  const sectionId = useId();
  const [query, setQuery] = useState("");
  const [section, setSection] = useState("all");
  const [outOnly, setOutOnly] = useState(false);

  // The switch moves at once and goes back if the server refuses; the server's answer is kept.
  async function setStock(item: AdminItem, inStock: boolean) {
    onItemChanged({ id: item.id, inStock });
    try {
      onItemChanged(await apiRequest<AdminItem>(`/api/featured-items/${item.id}/stock`, { method: "PATCH", body: { inStock } }));
      toast({ title: "Stock Status Updated", description: `${item.name} is ${inStock ? "in stock" : "out of stock"}.` });
    } catch (error) {
      onItemChanged({ id: item.id, inStock: item.inStock });
      failed("Failed to Update Stock Status", error);
    }
  }

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
          <li key={item.id} className="flex items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white p-3">
            <span>
              <span className="block font-semibold">{item.name}</span>
              <span className="text-sm text-stone-700">{SECTION_NAMES[item.section]} · {item.category}</span>
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={item.inStock}
              aria-label={`In stock: ${item.name}`}
              className={`min-h-12 min-w-28 shrink-0 rounded-full px-4 text-base font-bold shadow-sm ${item.inStock ? "bg-green-700 text-white" : "bg-red-700 text-white"}`}
              onClick={() => void setStock(item, !item.inStock)}
            >
              {item.inStock ? "In stock" : "86'd"}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
