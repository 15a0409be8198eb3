// The Featured tab: feature or unfeature any item and toggle its stock, section by section.
import { useIsOwner } from "./account";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { bySection, failed, money, type AdminItem, type ItemTabProps } from "./shared";

export function FeaturedTab({ items, onItemChanged }: ItemTabProps) {
  // Both toggles show the new state at once (a checkbox that does not move reads as broken) and
  // put the old one back if the server refuses; the server's answer is the state kept.
  async function setFeatured(item: AdminItem, featured: boolean) {
    onItemChanged({ id: item.id, featured });
    try {
      const body = { squareId: item.squareId, name: item.name, description: item.description, price: item.price, category: item.category, imageUrl: item.imageUrl };
      const updated = await apiRequest<AdminItem>(`/api/featured-items/${item.id}`, featured ? { method: "POST", body } : { method: "DELETE" });
      onItemChanged(updated);
      toast({ title: "Featured Status Updated", description: `${item.name} is ${featured ? "now featured" : "no longer featured"}.` });
    } catch (error) {
      onItemChanged({ id: item.id, featured: item.featured });
      failed("Failed to Update Featured Status", error);
    }
  }

  async function setStock(item: AdminItem, inStock: boolean) {
    onItemChanged({ id: item.id, inStock });
    try {
      const updated = await apiRequest<AdminItem>(`/api/featured-items/${item.id}/stock`, { method: "PATCH", body: { inStock } });
      onItemChanged(updated);
      toast({ title: "Stock Status Updated", description: `${item.name} is ${inStock ? "in stock" : "out of stock"}.` });
    } catch (error) {
      onItemChanged({ id: item.id, inStock: item.inStock });
      failed("Failed to Update Stock Status", error);
    }
  }

  const isOwner = useIsOwner();

  return (
    <div className="flex flex-col gap-8">
      {bySection(items).map(([section, sectionItems]) => (
        <section key={section} aria-label={section}>
          <h3 className="mb-3 text-lg font-semibold">{section}</h3>
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
            {sectionItems.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-4 p-3">
                <div className="min-w-48 flex-1">
                  <p className="font-semibold">{item.name}</p>
                  <p className="text-sm text-stone-700">
                    {money(item.price)} · {item.category}
                  </p>
                </div>
                {/* Every row shows the same words: the accessible names say which dish ("In stock: Cowboy Breakfast"). */}
                {/* Featuring is the owner's; staff 86 a dish and bring it back. */}
                {isOwner && (
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-600"
                      checked={item.featured}
                      aria-label={`Featured: ${item.name}`}
                      onChange={(event) => void setFeatured(item, event.target.checked)}
                    />
                    Featured
                  </label>
                )}
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={item.inStock}
                    aria-label={`In stock: ${item.name}`}
                    onChange={(event) => void setStock(item, event.target.checked)}
                  />
                  In stock
                </label>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
