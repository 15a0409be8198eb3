// The admin console at /admin: the sign-in dialog, the header (who is signed in, Online badge, Sync Now,
// Logout), the four stat cards and Square status panel, and the tabs the person's role may use. The server is the authority on the
// session (an HttpOnly cookie); the browser keeps only a hint flag so a signed-in visit does not
// flash the password dialog.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { ApiError, apiRequest } from "../lib/api";
import { toast } from "../stores/toasts";
import { DeclineBrakeNotice } from "./admin/DeclineBrakeNotice";
import { LocationsTab, SlotsTab } from "./admin/ContentTabs";
import { FeaturedTab, MenuImagesTab } from "./admin/MenuTabs";
import { Badge, failed, inputClass, primaryButton, secondaryButton, type AdminItem, type SquareStatus } from "./admin/shared";
import { StatCard, StatusPanel } from "./admin/StatusPanel";
import { GoLiveBanner, GoLiveTab } from "./admin/GoLiveTab";
import { MessagesTab, OrdersTab, SystemTab } from "./admin/StaffTabs";
import { HoursTab } from "./admin/HoursTab";
import { OrderingControl } from "./admin/OrderingControl";
import { SalesTab } from "./admin/SalesTab";
import { MailTab } from "./admin/MailTab";
import { SitePublish } from "./admin/SitePublish";
import { SpanishTab } from "./admin/SpanishTab";
import { AccountContext, type SignedInAccount } from "./admin/account";
import { ActivityTab, SessionsTab, StaffAccountsTab } from "./admin/AccountTabs";
import { browserSupportsWebAuthn, signInWithPasskey } from "../lib/passkeys";

const HINT_KEY = "jealous-fork-admin";
const TABS = ["Featured", "Menu Images", "Banners", "Gallery", "Locations", "System", "Orders", "Sales", "Messages", "Mail", "Hours", "Spanish", "Staff", "Activity", "Sessions", "Go live"] as const;
type Tab = (typeof TABS)[number];
/** The tabs of staff (orders board, stock flags, messages, their sessions); the owner has them all. */
const STAFF_TABS: readonly Tab[] = ["Featured", "Orders", "Messages", "Sessions"];
const tabsOf = (account: SignedInAccount | null): readonly Tab[] => (account?.role === "owner" ? TABS : STAFF_TABS);

type Auth = "checking" | "signed-out" | "signed-in";

const tabSlug = (tab: Tab) => tab.toLowerCase().replace(" ", "-");

/** The tab named in the address (#orders), so a reload or a shared link opens the same tab. */
function tabFromHash(): Tab {
  return TABS.find((tab) => `#${tabSlug(tab)}` === location.hash) ?? "Featured";
}

function readHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === "true";
  } catch {
    return false;
  }
}

function writeHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(HINT_KEY, "true");
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage may be off (private mode); the hint only saves a flash of the dialog.
  }
}

function PasswordDialog({ onSignedIn }: { onSignedIn: (account: SignedInAccount) => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [detail, setDetail] = useState("");
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError("Please enter the password.");
      return;
    }
    setSending(true);
    setError("");
    setDetail("");
    try {
      // Without an e-mail the server takes the first owner's (the set-up sign-in with ADMIN_PASSWORD).
      const body = email.trim() ? { email: email.trim(), password } : { password };
      const answer = await apiRequest<{ account: SignedInAccount }>("/api/admin/session", { method: "POST", body });
      onSignedIn(answer.account);
    } catch (failure) {
      // A wrong password, or any other failure.
      if (failure instanceof ApiError && failure.status === 401) {
        setError(failure.serverMessage ?? "Wrong e-mail or password. Please try again.");
      } else {
        setError("Authentication failed. Please try again.");
        if (failure instanceof ApiError && failure.status === 429 && failure.serverMessage) setDetail(failure.serverMessage);
      }
      setPassword("");
    } finally {
      setSending(false);
    }
  }

  async function withPasskey() {
    setSending(true);
    setError("");
    setDetail("");
    try {
      const answer = await signInWithPasskey<{ account: SignedInAccount }>();
      if (answer) onSignedIn(answer.account);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "The passkey sign-in did not work. Please try again.");
    } finally {
      setSending(false);
    }
  }

  function cancel() {
    if (history.length > 1) history.back();
    else location.assign("/");
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") cancel();
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4" onKeyDown={onKeyDown}>
      <div role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
        <h1 id={`${id}-title`} className="text-xl font-semibold">Admin Access</h1>
        <p id={`${id}-text`} className="mt-1 text-sm text-stone-700">Sign in with your e-mail and password to manage the site.</p>
        {browserSupportsWebAuthn() && (
          <>
            <button type="button" className={`${primaryButton} mt-4 w-full`} onClick={() => void withPasskey()} disabled={sending}>
              Sign in with a passkey
            </button>
            <p className="mt-3 text-center text-sm text-stone-700">or with your e-mail and password</p>
          </>
        )}
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3">
          <div>
            <label htmlFor={`${id}-email`} className="text-sm font-medium">E-mail</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="username"
              autoFocus
              className={inputClass}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-password`} className="text-sm font-medium">Password</label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={inputClass}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">
              {error}
              {detail && <span className="block font-normal">{detail}</span>}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={cancel}>Cancel</button>
            <button type="submit" className={primaryButton} disabled={sending || !password}>
              {sending ? "Signing in..." : "Sign In"}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

function Tabs({ tabs: TABS, active, onChange }: { tabs: readonly Tab[]; active: Tab; onChange: (tab: Tab) => void }) {
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  // Arrow keys move between tabs (WAI-ARIA tabs pattern); Tab moves into the panel.
  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.indexOf(active);
    const next =
      event.key === "ArrowRight" ? TABS[(index + 1) % TABS.length]
      : event.key === "ArrowLeft" ? TABS[(index - 1 + TABS.length) % TABS.length]
      : event.key === "Home" ? TABS[0]
      : event.key === "End" ? TABS[TABS.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current.get(next)?.focus();
  }
  return (
    <div role="tablist" aria-label="Admin sections" className="flex flex-wrap gap-1 border-b border-stone-300" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) refs.current.set(tab, element);
          }}
          type="button"
          role="tab"
          id={`tab-${tabSlug(tab)}`}
          aria-selected={tab === active}
          aria-controls={`panel-${tabSlug(tab)}`}
          tabIndex={tab === active ? 0 : -1}
          className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-semibold ${
            tab === active ? "border-stone-300 border-b-white bg-white text-brand-700" : "border-transparent text-stone-700 hover:text-ink"
          }`}
          onClick={() => onChange(tab)}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}

export default function AdminConsole() {
  const [auth, setAuth] = useState<Auth>("checking");
  const [account, setAccount] = useState<SignedInAccount | null>(null);
  const [hint] = useState(readHint);
  const [items, setItems] = useState<AdminItem[] | null>(null);
  const [status, setStatus] = useState<SquareStatus | null>(null);
  const [tab, setTabState] = useState<Tab>(tabFromHash);
  const setTab = useCallback((next: Tab) => {
    setTabState(next);
    history.replaceState(history.state, "", `#${tabSlug(next)}`);
  }, []);
  const [syncing, setSyncing] = useState(false);
  const [testing, setTesting] = useState(false);

  const signedOut = useCallback(() => {
    writeHint(false);
    setAuth("signed-out");
    setAccount(null);
    setItems(null);
    setStatus(null);
  }, []);

  /** A 401 in the middle of work means the session ended (expired or signed out elsewhere). */
  const whenSignedOut = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) signedOut();
      else throw error;
    },
    [signedOut],
  );

  const load = useCallback(async () => {
    try {
      const [menu, square] = await Promise.all([
        apiRequest<{ items: AdminItem[] }>("/api/admin/menu-items"),
        apiRequest<SquareStatus>("/api/square-status"),
      ]);
      setItems(menu.items);
      setStatus(square);
    } catch (error) {
      try {
        whenSignedOut(error);
      } catch {
        failed("Could not load the console", error);
      }
    }
  }, [whenSignedOut]);

  useEffect(() => {
    apiRequest<{ account: SignedInAccount }>("/api/admin/session")
      .then((answer) => {
        writeHint(true);
        setAccount(answer.account);
        setAuth("signed-in");
      })
      .catch(() => signedOut());
  }, [signedOut]);

  useEffect(() => {
    if (auth === "signed-in") void load();
  }, [auth, load]);

  async function logout() {
    try {
      await apiRequest("/api/admin/session", { method: "DELETE" });
    } catch {
      // Signed out on this side either way; the server session expires on its own.
    }
    signedOut();
  }

  async function syncNow() {
    setSyncing(true);
    try {
      const answer = await apiRequest<{ success: boolean; error: string | null; itemCount?: number }>("/api/square/sync", { method: "POST" });
      toast({ title: "Sync Completed", description: `${answer.itemCount ?? 0} menu items are in sync with Square.` });
      // The page reloads after a successful sync (a moment later, so the toast is read).
      setTimeout(() => location.reload(), 1500);
    } catch (error) {
      // The sync's failure sentence, with the server's reason when it is a different one (e.g. not configured).
      const serverSentence = error instanceof ApiError ? error.serverMessage : undefined;
      const description =
        !serverSentence || serverSentence.startsWith("Failed to sync with Square API")
          ? (serverSentence ?? "Failed to sync with Square API")
          : `Failed to sync with Square API. ${serverSentence}`;
      toast({ title: "Sync Failed", description, variant: "destructive" });
    } finally {
      setSyncing(false);
    }
  }

  async function testConnection() {
    setTesting(true);
    try {
      const answer = await apiRequest<{ success: boolean; locations: { id: string; name: string }[]; error: string | null }>(
        "/api/test-square",
        { method: "POST" },
      );
      if (answer.success) {
        toast({ title: "Square API Connected", description: `Locations: ${answer.locations.map((entry) => entry.name).join(", ") || "none"}` });
      } else {
        toast({ title: "Square API Error", description: answer.error ?? "The connection test failed.", variant: "destructive" });
      }
      setStatus(await apiRequest<SquareStatus>("/api/square-status"));
    } catch (error) {
      failed("Square API Error", error);
    } finally {
      setTesting(false);
    }
  }

  const onItemChanged = useCallback((change: Partial<AdminItem> & { id: number }) => {
    setItems((current) => current?.map((item) => (item.id === change.id ? { ...item, ...change } : item)) ?? null);
  }, []);

  if (auth === "signed-out") {
    return <PasswordDialog onSignedIn={(signedIn) => { writeHint(true); setAccount(signedIn); setAuth("signed-in"); }} />;
  }
  if (auth === "checking") {
    return <p role="status" className="p-8">{hint ? "Opening the admin console..." : "Checking access..."}</p>;
  }

  const featuredCount = items?.filter((item) => item.featured).length ?? 0;
  const withImages = items?.filter((item) => item.imageUrl).length ?? 0;
  const tabs = tabsOf(account);
  const shownTab = tabs.includes(tab) ? tab : tabs[0]!;
  const isOwner = account?.role === "owner";
  const panelId = `panel-${tabSlug(shownTab)}`;

  return (
    <AccountContext.Provider value={account}>
    <div className="mx-auto flex max-w-6xl flex-col gap-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <h1 className="font-display text-2xl font-bold">Jealous Fork Admin</h1>
          <Badge tone="green">Online</Badge>
          {account && (
            <p className="text-sm text-stone-700">
              Signed in as <span className="font-semibold text-ink">{account.name}</span> ({account.role === "owner" ? "Owner" : "Staff"})
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <OrderingControl />
          {isOwner && (
            <button type="button" className={primaryButton} onClick={() => void syncNow()} disabled={syncing}>
              {syncing ? "Syncing..." : "Sync Now"}
            </button>
          )}
          <button type="button" className={secondaryButton} onClick={() => void logout()}>Logout</button>
        </div>
      </header>

      {isOwner && <GoLiveBanner onOpen={() => setTab("Go live")} />}
      <SitePublish />

      <DeclineBrakeNotice brake={status?.declineBrake} />

      <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Featured Items" value={items ? featuredCount : "..."} />
        <StatCard label="Total Menu Items" value={items ? items.length : "..."} />
        <StatCard label="Items with Images" value={items ? withImages : "..."} />
        <StatCard label="Square API Status" value={status ? (status.apiWorking ? "Connected" : status.credentialsConfigured ? "Error" : "Not Configured") : "..."} />
      </section>

      {isOwner && <StatusPanel status={status} onTest={() => void testConnection()} testing={testing} />}

      <div>
        <Tabs tabs={tabs} active={shownTab} onChange={setTab} />
        <div role="tabpanel" id={panelId} aria-labelledby={`tab-${tabSlug(shownTab)}`} tabIndex={0} className="pt-6">
          {!items && (shownTab === "Featured" || shownTab === "Menu Images") && <p role="status">Loading menu items...</p>}
          {items && shownTab === "Featured" && <FeaturedTab items={items} onItemChanged={onItemChanged} />}
          {items && shownTab === "Menu Images" && <MenuImagesTab items={items} onItemChanged={onItemChanged} />}
          {shownTab === "Banners" && <SlotsTab kind="banners" />}
          {shownTab === "Gallery" && <SlotsTab kind="gallery" />}
          {shownTab === "Locations" && <LocationsTab />}
          {shownTab === "System" && <SystemTab status={status} onSync={() => void syncNow()} onTest={() => void testConnection()} />}
          {shownTab === "Orders" && <OrdersTab />}
          {shownTab === "Sales" && <SalesTab />}
          {shownTab === "Messages" && <MessagesTab />}
          {shownTab === "Mail" && <MailTab />}
          {shownTab === "Hours" && <HoursTab />}
          {shownTab === "Spanish" && <SpanishTab />}
          {shownTab === "Staff" && <StaffAccountsTab />}
          {shownTab === "Activity" && <ActivityTab />}
          {shownTab === "Sessions" && <SessionsTab onSignedOut={signedOut} />}
          {shownTab === "Go live" && <GoLiveTab />}
        </div>
      </div>
    </div>
    </AccountContext.Provider>
  );
}
