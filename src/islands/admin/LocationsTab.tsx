// The Locations tab: list, create and edit the restaurant's locations, their picture and hero picture.
import { useEffect, useId, useState, type FormEvent } from "react";
import { apiRequest } from "../../lib/api";
import { UPLOAD_LIMIT_BYTES, UPLOAD_TOO_LARGE } from "../../domain/uploadLimits";
import { toast } from "../../stores/toasts";
import type { Location, LocationInput } from "../../domain/location.schema";
import { Badge, failed, ImageUploader, inputClass, Preview, primaryButton, secondaryButton } from "./shared";

type LocationFields = Omit<LocationInput, "imageUrl" | "heroImageUrl">;

const BLANK: LocationFields = {
  name: "",
  slug: "",
  description: "",
  address: "",
  city: "Miami",
  state: "FL",
  zipCode: "",
  phone: "",
  isActive: true,
  isMainLocation: false,
};

const TEXT_FIELDS: [keyof LocationFields, string, boolean][] = [
  ["name", "Name", true],
  ["slug", "Slug", true],
  ["address", "Address", false],
  ["city", "City", false],
  ["state", "State", false],
  ["zipCode", "ZIP code", false],
  ["phone", "Phone", false],
];

function LocationForm({ initial, submitLabel, onSubmit, onCancel }: {
  initial: LocationFields;
  submitLabel: string;
  onSubmit: (fields: LocationFields) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [problem, setProblem] = useState("");
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof LocationFields>(key: K, value: LocationFields[K]) => setFields((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Name and slug are required.
    if (!fields.name.trim() || !fields.slug.trim()) {
      setProblem("Name and slug are required.");
      return;
    }
    setProblem("");
    setSaving(true);
    const done = await onSubmit({ ...fields, name: fields.name.trim(), slug: fields.slug.trim() });
    setSaving(false);
    if (done && !onCancel) setFields(BLANK);
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
      {TEXT_FIELDS.map(([key, label, required]) => (
        <div key={key}>
          <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
            {label}
            {required && <span aria-hidden="true"> *</span>}
          </label>
          <input
            id={`${id}-${key}`}
            className={inputClass}
            value={fields[key] as string}
            required={required}
            aria-required={required}
            pattern={key === "slug" ? "[a-z0-9]+(-[a-z0-9]+)*" : undefined}
            onChange={(event) => set(key, event.target.value as never)}
          />
          {key === "slug" && <p className="mt-1 text-xs text-stone-700">Lowercase words joined by hyphens, e.g. coral-gables.</p>}
        </div>
      ))}
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-description`} className="text-sm font-medium">Description</label>
        <textarea id={`${id}-description`} className={inputClass} rows={3} value={fields.description} onChange={(event) => set("description", event.target.value)} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={fields.isActive} onChange={(event) => set("isActive", event.target.checked)} />
        Active
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={fields.isMainLocation} onChange={(event) => set("isMainLocation", event.target.checked)} />
        Main location
      </label>
      {problem && (
        <p role="alert" className="text-sm font-semibold text-red-800 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" className={primaryButton} disabled={saving}>
          {saving ? "Saving..." : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

export function LocationsTab() {
  const [locations, setLocations] = useState<Location[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  useEffect(() => {
    apiRequest<{ locations: Location[] }>("/api/admin/locations")
      .then((answer) => setLocations(answer.locations))
      .catch((error) => failed("Could not load the locations", error));
  }, []);

  const replace = (location: Location) =>
    setLocations((current) => current?.map((entry) => (entry.id === location.id ? location : entry)) ?? null);

  async function create(fields: LocationFields): Promise<boolean> {
    try {
      const created = await apiRequest<Location>("/api/admin/locations", { method: "POST", body: fields });
      setLocations((current) => [...(current ?? []), created]);
      toast({ title: "Location Created", description: `${created.name} was added.` });
      return true;
    } catch (error) {
      failed("Failed to Create Location", error);
      return false;
    }
  }

  async function update(location: Location, change: Partial<Location>, what = "Location Updated"): Promise<boolean> {
    try {
      replace(await apiRequest<Location>(`/api/admin/locations/${location.id}`, { method: "PATCH", body: change }));
      toast({ title: what, description: `${location.name} was saved.` });
      return true;
    } catch (error) {
      failed(what === "Image Updated" ? "Failed to Update Image" : "Failed to Update Location", error);
      return false;
    }
  }

  async function removeImage(location: Location) {
    try {
      await apiRequest(`/api/admin/locations/${location.id}/image`, { method: "DELETE" });
      replace({ ...location, imageUrl: null });
      toast({ title: "Image Removed", description: `${location.name} no longer has a picture.` });
    } catch (error) {
      failed("Failed to Remove Image", error);
    }
  }

  if (!locations) return <p role="status">Loading locations...</p>;
  return (
    <div className="flex flex-col gap-8">
      <ul className="flex flex-col gap-4">
        {locations.map((location) => (
          <li key={location.id} className="rounded-lg border border-stone-200 bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 className="text-lg font-semibold">{location.name}</h3>
                <p className="text-sm text-stone-700">
                  /{location.slug} · {[location.address, location.city, location.state, location.zipCode].filter(Boolean).join(", ")}
                  {location.phone && ` · ${location.phone}`}
                </p>
              </div>
              <div className="flex gap-2">
                {location.isMainLocation && <Badge tone="blue">Main</Badge>}
                <Badge tone={location.isActive ? "green" : "grey"}>{location.isActive ? "Active" : "Inactive"}</Badge>
              </div>
            </div>
            {editing === location.id ? (
              <div className="mt-4">
                <LocationForm
                  initial={location}
                  submitLabel="Save location"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (fields) => {
                    const saved = await update(location, fields);
                    if (saved) setEditing(null);
                    return saved;
                  }}
                />
              </div>
            ) : (
              <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setEditing(location.id)}>
                Edit<span className="sr-only"> {location.name}</span>
              </button>
            )}
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <p className="text-sm font-medium">Picture</p>
                <Preview url={location.imageUrl} alt={`${location.name}`} />
                <ImageUploader
                  label={`${location.name} picture`}
                  maxBytes={UPLOAD_LIMIT_BYTES}
                  tooLarge={UPLOAD_TOO_LARGE}
                  onUploaded={async (imageUrl) => void (await update(location, { imageUrl }, "Image Updated"))}
                />
                {location.imageUrl && (
                  <button type="button" className={secondaryButton} onClick={() => void removeImage(location)}>
                    Remove picture<span className="sr-only"> of {location.name}</span>
                  </button>
                )}
              </div>
              <div className="flex flex-col gap-2">
                <p className="text-sm font-medium">Hero picture</p>
                <Preview url={location.heroImageUrl} alt={`${location.name} hero`} />
                <ImageUploader
                  label={`${location.name} hero picture`}
                  maxBytes={UPLOAD_LIMIT_BYTES}
                  tooLarge={UPLOAD_TOO_LARGE}
                  onUploaded={async (heroImageUrl) => void (await update(location, { heroImageUrl }, "Image Updated"))}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <section aria-labelledby="new-location-heading" className="rounded-lg border border-stone-200 bg-white p-4">
        <h3 id="new-location-heading" className="mb-3 text-lg font-semibold">Add a location</h3>
        <LocationForm initial={BLANK} submitLabel="Create location" onSubmit={create} />
      </section>
    </div>
  );
}
