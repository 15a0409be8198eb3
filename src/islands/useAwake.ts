// False while the page is rendered on the server and while React hydrates it (the first render must
// match the server's HTML), true from the render after: what needs the browser (the stored cart) waits
// for it, what the diner can already use (the checkout's fields) is in the HTML.
import { useSyncExternalStore } from "react";

const never = () => () => {};

export function useAwake(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
