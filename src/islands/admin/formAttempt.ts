// A form's request, one at a time: `sending` while it runs, and its failure as one sentence for the
// form's alert: the server's own words when it sent some, else the form's own.
import { useCallback, useState } from "react";
import { ApiError } from "../../lib/api";

/** The server's sentence for a failure, or `fallback` when it sent none (a network failure). */
export function serverSentence(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : fallback;
}

export function useFormAttempt() {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  const attempt = useCallback(async (work: () => Promise<void>, fallback: string) => {
    setSending(true);
    setError("");
    try {
      await work();
    } catch (failure) {
      setError(serverSentence(failure, fallback));
    } finally {
      setSending(false);
    }
  }, []);
  return { sending, error, setError, attempt };
}
