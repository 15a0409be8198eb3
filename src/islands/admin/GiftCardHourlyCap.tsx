// The owner's cap on gift card sales across the whole site in any hour (PUT /api/admin/gift-cards/hourly-cap):
// a sale is money out, a card number mailed to any address, so a run of stolen cards stops at it. 0 stops
// online sales. Each change is in the activity log.
import { useState, type FormEvent } from "react";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { failed, inputClass, secondaryButton } from "./shared";

export interface HourlyCapView {
  limit: number;
  soldLastHour: number;
}

export function GiftCardHourlyCap({ cap, onSaved }: { cap: HourlyCapView; onSaved: (cap: HourlyCapView) => void }) {
  const [value, setValue] = useState(String(cap.limit));
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const answer = await apiRequest<{ hourlyCap: HourlyCapView }>("/api/admin/gift-cards/hourly-cap", { method: "PUT", body: { limit: Number(value) } });
      onSaved(answer.hourlyCap);
      toast({ title: "Saved", description: `At most ${answer.hourlyCap.limit} gift cards sold online in any hour.` });
    } catch (error) {
      failed("Could not save the hourly cap", error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} className="mb-6 flex flex-wrap items-end gap-3">
      <label className="grid gap-1 text-sm">
        <span className="font-semibold">Gift cards sold online per hour, at most</span>
        <input type="number" min={0} max={500} step={1} required value={value} onChange={(event) => setValue(event.target.value)} className={`${inputClass} w-28`} />
      </label>
      <button type="submit" className={secondaryButton} disabled={saving}>
        {saving ? "Saving..." : "Save"}
      </button>
      <p className="text-sm text-stone-600">
        {cap.soldLastHour} sold in the last hour. Past the cap, buyers are asked to try later (0 stops online sales).
      </p>
    </form>
  );
}
