// The account page's island, woken only for a diner (src/layouts/accountDirective.ts): signs the diner in with
// the link from their e-mail when the address carries one (#link=..., a fragment, so it reaches no server's
// logs), then shows the account. Signed out, it draws nothing and the page's sign-in form shows again
// (AccountSignIn.astro, told by SIGNED_OUT_EVENT).
import { useCallback, useEffect, useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";
import { ApiError } from "../../lib/api";
import AccountDetails from "./AccountDetails";
import LinkConfirm from "./LinkConfirm";
import { hintsSignedIn, rememberSignedIn } from "../../lib/signedInHint";
import { SIGNED_IN_EVENT, SIGNED_OUT_EVENT } from "../../lib/accountEvents";
import { loadAccount, loadOrders, spendLink, type AccountView, type PastOrder } from "./accountApi";
import { listCardsOnFile } from "./savedApi";
import type { CardOnFile } from "../../domain/savedCards";

type State =
  | { kind: "asleep" }
  | { kind: "loading" }
  | { kind: "signed-out" }
  | { kind: "signed-in"; view: AccountView; orders: PastOrder[]; cards: CardOnFile[] }
  | { kind: "confirm"; token: string; email: string; busy: boolean };

export default function AccountPage({ locale = "en" }: { locale?: Locale }) {
  const t = translator(accountWords, locale);
  // Drawn as nothing until it wakes: the prerendered page shows the sign-in form alone.
  const [state, setState] = useState<State>({ kind: "asleep" });

  const failure = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : t("signIn.failed"));

  // Signed out: nothing here, and the page's form shows again with what went wrong, if anything did.
  const signedOut = useCallback((note?: string) => {
    setState({ kind: "signed-out" });
    dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT, { detail: note }));
  }, []);

  const refresh = useCallback(async (note?: string) => {
    try {
      // Asked together: the page is drawn once, orders in place.
      const [view, orders, cards] = await Promise.all([loadAccount(), loadOrders().catch(() => [] as PastOrder[]), listCardsOnFile().catch(() => [] as CardOnFile[])]);
      rememberSignedIn(view !== null);
      if (view) setState({ kind: "signed-in", view, orders, cards });
      else signedOut(note);
    } catch {
      signedOut(t("signIn.failed"));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows locale, which never changes on a page
  }, []);

  useEffect(() => {
    const arrive = (first: boolean) => {
      const token = /^#link=([A-Za-z0-9_-]{43})$/.exec(location.hash)?.[1];
      if (!token) {
        // Woken by the form (signed in, or found so): the server says who; a stale session shows the form again.
        if (first) {
          setState({ kind: "loading" });
          void refresh();
        }
        return;
      }
      // The link is spent once: the address forgets it before anything else happens.
      history.replaceState(null, "", location.pathname + location.search);
      setState({ kind: "loading" });
      spendLink(token).then(
        (outcome) => (outcome.signedIn ? refresh() : setState({ kind: "confirm", token, email: outcome.email, busy: false })),
        (error: unknown) => refresh(failure(error)),
      );
    };
    arrive(true);
    // A link pasted into this very tab changes only the fragment: no new page load.
    const onHash = () => arrive(false);
    // Signed in again on the form after signing out here.
    const onSignedIn = () => {
      setState({ kind: "loading" });
      void refresh();
    };
    addEventListener("hashchange", onHash);
    addEventListener(SIGNED_IN_EVENT, onSignedIn);
    return () => {
      removeEventListener("hashchange", onHash);
      removeEventListener(SIGNED_IN_EVENT, onSignedIn);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page view; t follows locale, which never changes on a page
  }, [refresh]);

  if (state.kind === "confirm") {
    const { token } = state;
    const yes = () => {
      setState({ ...state, busy: true });
      spendLink(token, true).then(
        () => refresh(),
        (error: unknown) => refresh(failure(error)),
      );
    };
    // No: the link stays unused; a signed-in diner stays who they were.
    const no = () => (hintsSignedIn() ? void refresh() : signedOut());
    return <LinkConfirm locale={locale} email={state.email} busy={state.busy} onYes={yes} onNo={no} />;
  }
  if (state.kind === "loading") return <p role="status" className="mt-8 text-stone-700">{t("signIn.usingLink")}</p>;
  if (state.kind === "signed-in") {
    const signOut = () => {
      rememberSignedIn(false);
      signedOut();
    };
    return <AccountDetails locale={locale} view={state.view} orders={state.orders} cards={state.cards} onChange={(gone) => (gone ? signOut() : void refresh())} />;
  }
  return null;
}
