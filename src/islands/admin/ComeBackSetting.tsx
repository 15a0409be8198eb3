// The Mail tab's switch for the e-mail that asks diners how their pickup was (off until an owner turns
// it on): one e-mail 60 to 90 minutes after staff mark a pickup completed; happy answers go on to the
// Google review link, unhappy ones come to the restaurant's e-mail above as contact messages.
import { useEffect, useId, useState } from "react";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { failed } from "./shared";

export function ComeBackSetting() {
  const id = useId();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiRequest<{ enabled: boolean }>("/api/admin/feedback-settings").then(
      (answer) => setEnabled(answer.enabled),
      (error: unknown) => failed("Could not load the after-pickup e-mail setting", error),
    );
  }, []);

  async function change(next: boolean) {
    setBusy(true);
    try {
      const answer = await apiRequest<{ enabled: boolean }>("/api/admin/feedback-settings", { method: "PUT", body: { enabled: next } });
      setEnabled(answer.enabled);
      toast({ title: next ? "After-Pickup E-mail On" : "After-Pickup E-mail Off", description: next ? "Diners are asked how it was an hour after pickup." : "No diner will be asked." });
    } catch (error) {
      failed("Could not change the after-pickup e-mail", error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-start gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5"
        checked={enabled ?? false}
        disabled={enabled === null || busy}
        onChange={(event) => void change(event.target.checked)}
        aria-describedby={`${id}-help`}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          Ask diners how their pickup was
        </label>
        <p id={`${id}-help`} className="text-sm text-stone-700">
          One e-mail 60 to 90 minutes after a pickup is marked completed. Happy answers are invited to review you on Google; unhappy ones come to the
          restaurant's e-mail above. Diners can opt out for good.
        </p>
      </div>
    </div>
  );
}
