// Development only: React components compiled by the dev server expect the fast-refresh preamble,
// which Astro writes only into pages that have a React island. The cart sheet is mounted by a plain
// script (CartButton.astro) on pages that may have none, so it installs the preamble itself first.
// In a production build this is an empty function.

type RefreshWindow = Window & {
  __vite_plugin_react_preamble_installed__?: boolean;
  $RefreshReg$?: () => void;
  $RefreshSig$?: () => (type: unknown) => unknown;
};

export async function installReactDevPreamble(): Promise<void> {
  if (import.meta.env.DEV) {
    const w = window as RefreshWindow;
    if (w.__vite_plugin_react_preamble_installed__) return;
    // A path held in a variable, so the production build never tries to resolve the dev server's module.
    const runtimePath = "/@react-refresh";
    const { default: runtime } = (await import(/* @vite-ignore */ runtimePath)) as { default: { injectIntoGlobalHook(w: Window): void } };
    runtime.injectIntoGlobalHook(w);
    w.$RefreshReg$ = () => {};
    w.$RefreshSig$ = () => (type) => type;
    w.__vite_plugin_react_preamble_installed__ = true;
  }
}
