// The Featured tab (feature or unfeature any item, toggle its stock) and the Menu Images tab
// (upload or remove each item's picture), over the admin list of every menu item.
import { useIsOwner } from "./account";
import { apiRequest } from "../../lib/api";
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_LABEL, UPLOAD_TOO_LARGE } from "../../domain/uploadLimits";
import { toast } from "../../stores/toasts";
import { dangerButton, failed, ImageUploader, Preview, SECTION_NAMES, type AdminItem } from "./shared";

interface TabProps {
  items: AdminItem[];
  /** Replaces one item in the console's list after the server answered. */
  onItemChanged: (item: Partial<AdminItem> & { id: number }) => void;
}

function bySection(items: AdminItem[]): [string, AdminItem[]][] {
  return (Object.keys(SECTION_NAMES) as AdminItem["section"][]).map((section) => [
    SECTION_NAMES[section],
    items.filter((item) => item.section === section),
  ]);
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

export function FeaturedTab({ items, onItemChanged }: TabProps) {
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

export function MenuImagesTab({ items, onItemChanged }: TabProps) {
  async function attach(item: AdminItem, imageUrl: string) {
    try {
      const answer = await apiRequest<{ imageUrl: string }>(`/api/admin/menu-items/${item.id}/image`, { method: "PATCH", body: { imageUrl } });
      onItemChanged({ id: item.id, imageUrl: answer.imageUrl });
      toast({ title: "Image Updated", description: `${item.name} has a new picture.` });
    } catch (error) {
      failed("Failed to Update Image", error);
    }
  }

  async function remove(item: AdminItem) {
    try {
      await apiRequest(`/api/admin/menu-items/${item.id}/image`, { method: "DELETE" });
      onItemChanged({ id: item.id, imageUrl: null });
      toast({ title: "Image Removed", description: `${item.name} no longer has a picture.` });
    } catch (error) {
      failed("Failed to Remove Image", error);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <p className="text-sm text-stone-700">JPEG, PNG, WebP, AVIF or GIF, up to {UPLOAD_LIMIT_LABEL}. Visitors get a resized copy.</p>
      {bySection(items).map(([section, sectionItems]) => (
        <section key={section} aria-label={`${section} images`}>
          <h3 className="mb-3 text-lg font-semibold">{section}</h3>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sectionItems.map((item) => (
              <li key={item.id} className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3">
                <Preview url={item.imageUrl} alt={item.name} />
                <p className="font-semibold">{item.name}</p>
                <ImageUploader
                  label={item.name}
                  maxBytes={UPLOAD_LIMIT_BYTES}
                  tooLarge={UPLOAD_TOO_LARGE}
                  onUploaded={(imageUrl) => attach(item, imageUrl)}
                />
                {item.imageUrl && (
                  <button type="button" className={dangerButton} onClick={() => void remove(item)}>
                    Remove image<span className="sr-only"> of {item.name}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
