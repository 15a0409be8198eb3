// The account page's island: signs the diner in with the link from their e-mail when the address carries
// one (#link=..., a fragment, so it reaches no server's logs), then shows the account or the sign-in form.
import { useCallback, useEffect, useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";
import { ApiError } from "../../lib/api";
import AccountDetails from "./AccountDetails";
import LinkConfirm from "./LinkConfirm";
import SignInForm from "./SignInForm";
import { hintsSignedIn, rememberSignedIn } from "./signedInHint";
import { returnPathOf } from "../../lib/returnPath";
import { loadAccount, loadOrders, sessionOf, spendLink, type AccountView, type PastOrder } from "./accountApi";
import { listCardsOnFile } from "./savedApi";
import type { CardOnFile } from "../../domain/savedCards";

type State =
  | { kind: "loading" }
  | { kind: "signed-out"; note?: string }
  | { kind: "signed-in"; view: AccountView; orders: PastOrder[]; cards: CardOnFile[] }
  | { kind: "confirm"; token: string; email: string; busy: boolean };

export default function AccountPage({ locale = "en" }: { locale?: Locale }) {
  const t = translator(accountWords, locale);
  const [state, setState] = useState<State>({ kind: "loading" });

  const failure = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : t("signIn.failed"));

  const refresh = useCallback(async (note?: string) => {
    try {
      // Asked together (only a browser that signed in asks at all): the page is drawn once, orders in place.
      const [view, orders, cards] = await Promise.all([loadAccount(), loadOrders().catch(() => [] as PastOrder[]), listCardsOnFile().catch(() => [] as CardOnFile[])]);
      setState(view ? { kind: "signed-in", view, orders, cards } : { kind: "signed-out", note });
      rememberSignedIn(view !== null);
    } catch {
      setState({ kind: "signed-out", note: t("signIn.failed") });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows locale, which never changes on a page
  }, []);

  useEffect(() => {
    const arrive = (first: boolean) => {
      const token = /^#link=([A-Za-z0-9_-]{43})$/.exec(location.hash)?.[1];
      if (!token) {
        // The server says whether this browser is signed in (its storage may have been cleared since); a
        // visitor's page answers no 401.
        if (first) {
          sessionOf().then(
            (signedIn) => (signedIn ? void refresh() : setState({ kind: "signed-out" })),
            () => setState({ kind: "signed-out" }),
          );
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
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page view; t follows locale, which never changes on a page
  }, [refresh]);

  // Signed in from here: back to the page the diner came from (the checkout, a menu), else the account.
  const signedIn = () => {
    const back = returnPathOf(location, document.referrer);
    if (!back) return void refresh();
    rememberSignedIn(true);
    location.assign(back);
  };

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
    const no = () => (hintsSignedIn() ? void refresh() : setState({ kind: "signed-out" }));
    return <LinkConfirm locale={locale} email={state.email} busy={state.busy} onYes={yes} onNo={no} />;
  }
  if (state.kind === "loading") return <p role="status" className="mt-8 text-stone-700">{t("signIn.usingLink")}</p>;
  if (state.kind === "signed-in") {
    const signOut = () => {
      rememberSignedIn(false);
      setState({ kind: "signed-out" });
    };
    return <AccountDetails locale={locale} view={state.view} orders={state.orders} cards={state.cards} onChange={(signedOut) => (signedOut ? signOut() : void refresh())} />;
  }
  return (
    <>
      {state.note ? (
        <p role="alert" className="mt-6 text-red-800">
          {state.note}
        </p>
      ) : null}
      <SignInForm locale={locale} onSignedIn={signedIn} />
    </>
  );
}
