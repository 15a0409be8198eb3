// The Sessions tab: where the signed-in person is signed in (end one, or sign out everywhere), and how
// they sign in (./YourSignIn: their passkeys and password).
import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { Badge, dangerButton, failed, secondaryButton } from "./shared";
import { when, type SessionView } from "./staffViews";
import { PasskeysSection, PasswordSection } from "./YourSignIn";

export function SessionsTab({ onSignedOut }: { onSignedOut: () => void }) {
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const load = useCallback(async () => {
    try {
      setSessions((await apiRequest<{ sessions: SessionView[] }>("/api/admin/sessions")).sessions);
    } catch (error) {
      failed("Could not load your sessions", error);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function end(session: SessionView) {
    try {
      await apiRequest(`/api/admin/sessions/${session.id}`, { method: "DELETE" });
      if (session.current) onSignedOut();
      else await load();
    } catch (error) {
      failed("Could not end the session", error);
    }
  }

  async function everywhere() {
    try {
      await apiRequest("/api/admin/sessions", { method: "DELETE" });
      toast({ title: "Signed out everywhere" });
      onSignedOut();
    } catch (error) {
      failed("Could not sign out everywhere", error);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">Where you are signed in. A session ends after 12 hours without use, and 7 days after signing in.</p>
      {!sessions && <p role="status">Loading your sessions...</p>}
      {sessions && (
        <ul aria-label="Your sessions" className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-48 flex-1">
                <p className="font-semibold">{session.userAgent || "Unknown browser"} {session.current && <Badge tone="green">This browser</Badge>}</p>
                <p className="text-stone-700">Signed in {when(session.createdAt)} with {session.method === "passkey" ? "a passkey" : "a password"}; last used {when(session.lastSeenAt)}</p>
              </div>
              <button type="button" className={secondaryButton} onClick={() => void end(session)}>Sign out<span className="sr-only"> this session</span></button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button type="button" className={dangerButton} onClick={() => void everywhere()}>Sign out everywhere</button>
      </div>
      <PasskeysSection />
      <PasswordSection />
    </div>
  );
}
