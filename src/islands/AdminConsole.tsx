// The admin console's shell at /admin: the sign-in dialog until signed in, then the header (who is
// signed in, Online badge, Sync Now, Logout), the four stat cards and Square status panel, and the tabs
// the person's role may use, each tab a file of its own in admin/. The server is the authority on the
// session (an HttpOnly cookie); the browser keeps only a hint flag so a signed-in visit does not flash
// the sign-in dialog.
import { useCallback, useEffect, useState } from "react";
import { ApiError, apiRequest } from "../lib/api";
import { toast } from "../stores/toasts";
import { DeclineBrakeNotice } from "./admin/DeclineBrakeNotice";
import { Badge, failed, primaryButton, secondaryButton, type AdminItem, type SquareStatus } from "./admin/shared";
import { StatCard, StatusPanel } from "./admin/StatusPanel";
import { GoLiveBanner, GoLiveTab } from "./admin/GoLiveTab";
import { BudgetAlarmBanner } from "./admin/SiteBudgets";
import { OrderingControl } from "./admin/OrderingControl";
import { PauseBar } from "./admin/PauseBar";
import { SitePublish } from "./admin/SitePublish";
import { AccountContext, type SignedInAccount } from "./admin/account";
import { SignInDialog } from "./admin/SignInDialog";
import { Tabs, tabFromHash, tabsOf, tabSlug, type Tab } from "./admin/ConsoleTabs";
import { FeaturedTab } from "./admin/FeaturedTab";
import { StockTab } from "./admin/StockTab";
import { MenuImagesTab } from "./admin/MenuImagesTab";
import { DishLabelsTab } from "./admin/DishLabelsTab";
import { SlotsTab } from "./admin/SlotsTab";
import { LocationsTab } from "./admin/LocationsTab";
import { SystemTab } from "./admin/SystemTab";
import { OrdersTab } from "./admin/OrdersTab";
import { SalesTab } from "./admin/SalesTab";
import { GiftCardsTab } from "./admin/GiftCardsTab";
import { OffersTab } from "./admin/OffersTab";
import { CateringTab } from "./catering/CateringTab";
import { MessagesTab } from "./admin/MessagesTab";
import { MailTab } from "./admin/MailTab";
import { HoursTab } from "./admin/HoursTab";
import { SpanishTab } from "./admin/SpanishTab";
import { StaffAccountsTab } from "./admin/StaffAccountsTab";
import { ActivityTab } from "./admin/ActivityTab";
import { SessionsTab } from "./admin/SessionsTab";
import { isDishPhoto } from "../domain/images";

const HINT_KEY = "jealous-fork-admin";

type Auth = "checking" | "signed-out" | "signed-in";

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
    return <SignInDialog onSignedIn={(signedIn) => { writeHint(true); setAccount(signedIn); setAuth("signed-in"); }} />;
  }
  if (auth === "checking") {
    return <p role="status" className="p-8">{hint ? "Opening the admin console..." : "Checking access..."}</p>;
  }

  const featuredCount = items?.filter((item) => item.featured).length ?? 0;
  // A stored site file is no photo of the dish: only the owner's uploads and Square's pictures count.
  const withImages = items?.filter((item) => isDishPhoto(item.imageUrl)).length ?? 0;
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
      <div>
        {/* The tabs right under the header and the notices inside the panel: a notice arrives with its answer,
            and a tab tapped as one arrives must not have moved under the finger. */}
        <Tabs tabs={tabs} active={shownTab} onChange={setTab} />
        <div role="tabpanel" id={panelId} aria-labelledby={`tab-${tabSlug(shownTab)}`} tabIndex={0} className="flex flex-col gap-6 pt-6">
          <PauseBar />

          {isOwner && <GoLiveBanner onOpen={() => setTab("Go live")} />}
          {isOwner && <BudgetAlarmBanner />}
          <SitePublish />

          <DeclineBrakeNotice
            brake={status?.declineBrake}
            isOwner={isOwner}
            onReleased={() => void apiRequest<SquareStatus>("/api/square-status").then(setStatus, () => undefined)}
          />

          {/* The Orders board is for the line during service: the summary and Square's panel stay on the other tabs. */}
          {shownTab !== "Orders" && <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Featured Items" value={items ? featuredCount : "..."} />
            <StatCard label="Total Menu Items" value={items ? items.length : "..."} />
            <StatCard label="Items with Photos" value={items ? withImages : "..."} />
            <StatCard label="Square API Status" value={status ? (status.apiWorking ? "Connected" : status.credentialsConfigured ? "Error" : "Not Configured") : "..."} />
          </section>}

          {isOwner && shownTab !== "Orders" && <StatusPanel status={status} onTest={() => void testConnection()} testing={testing} />}

          {!items && (shownTab === "Featured" || shownTab === "Menu Images" || shownTab === "Stock" || shownTab === "Dish Labels") && <p role="status">Loading menu items...</p>}
          {items && shownTab === "Stock" && <StockTab items={items} onItemChanged={onItemChanged} />}
          {items && shownTab === "Featured" && <FeaturedTab items={items} onItemChanged={onItemChanged} />}
          {items && shownTab === "Menu Images" && <MenuImagesTab items={items} onItemChanged={onItemChanged} />}
          {items && shownTab === "Dish Labels" && <DishLabelsTab items={items} onItemChanged={onItemChanged} />}
          {shownTab === "Banners" && <SlotsTab kind="banners" />}
          {shownTab === "Gallery" && <SlotsTab kind="gallery" />}
          {shownTab === "Locations" && <LocationsTab />}
          {shownTab === "System" && <SystemTab status={status} onSync={() => void syncNow()} onTest={() => void testConnection()} />}
          {shownTab === "Orders" && <OrdersTab />}
          {shownTab === "Sales" && <SalesTab />}
          {shownTab === "Gift Cards" && <GiftCardsTab />}
          {shownTab === "Offers" && <OffersTab items={items ?? []} />}
          {shownTab === "Catering" && <CateringTab />}
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
