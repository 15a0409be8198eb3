// The account page's proof of a phone by a texted code, shared by the panels that need one (rewards points,
// texts about orders): the number, then the code, each a form with its button, and the sentence that says
// how the last action went. Each panel gives its words and what sending and checking do.
import { useState, type FormEvent, type ReactElement } from "react";
import { ApiError } from "../../lib/api";

export const BUTTON = "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const INPUT = "mt-1 block w-full max-w-xs rounded-lg border border-stone-400 bg-white px-3 py-2";

export type Note = { ok: boolean; text: string } | null;

/** A panel's actions: one at a time, and the sentence after each (the server's, or `failed`). */
export function usePanelActions(failed: string) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  /** Runs `work`; the sentence it answers (if any) is said once it is done. */
  async function act(event: FormEvent | null, work: () => Promise<string | undefined | void>) {
    event?.preventDefault();
    setBusy(true);
    setNote(null);
    try {
      const done = await work();
      if (done) setNote({ ok: true, text: done });
    } catch (error) {
      setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : failed });
    } finally {
      setBusy(false);
    }
  }
  return { busy, note, act };
}

export function PanelNote({ note }: { note: Note }) {
  return (
    <p role={note?.ok === false ? "alert" : "status"} className={`mt-2 ${note?.ok === false ? "text-red-800" : "text-ink"}`}>
      {note?.text ?? ""}
    </p>
  );
}

interface PhoneProofProps {
  /** The prefix of the fields' ids ("loyalty", "texts"). */
  id: string;
  words: { phoneLabel: string; send: string; codeLabel: string; check: string };
  busy: boolean;
  act: ReturnType<typeof usePanelActions>["act"];
  /** Texts the code; answers whether one was sent (false: the phone needed none) and the sentence to say. */
  send: (phone: string) => Promise<{ sent: boolean; said?: string }>;
  check: (phone: string, code: string) => Promise<void>;
}

/** The number, then (once a code is texted) the code. */
export function PhoneProofForms({ id, words, busy, act, send, check }: PhoneProofProps) {
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  if (codeSent) {
    return (
      <OneFieldForm onSubmit={(e) => act(e, () => check(phone, code))} label={words.codeLabel} button={words.check} busy={busy}>
        <input id={`${id}-code`} className={INPUT} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      </OneFieldForm>
    );
  }
  return (
    <OneFieldForm
      onSubmit={(e) =>
        act(e, async () => {
          const { sent, said } = await send(phone);
          if (sent) setCodeSent(true);
          return said;
        })
      }
      label={words.phoneLabel}
      button={words.send}
      busy={busy}
    >
      <input id={`${id}-phone`} className={INPUT} type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
    </OneFieldForm>
  );
}

/** A form of one labelled field and its button; the field (an input whose id is `htmlFor`'s) is the child. */
function OneFieldForm({ onSubmit, label, button, busy, children }: { onSubmit: (event: FormEvent) => void; label: string; button: string; busy: boolean; children: ReactElement<{ id: string }> }) {
  return (
    <form className="mt-3" onSubmit={onSubmit}>
      <label className="block font-semibold" htmlFor={children.props.id}>
        {label}
      </label>
      {children}
      <button type="submit" className={`${BUTTON} mt-3`} disabled={busy}>
        {button}
      </button>
    </form>
  );
}
