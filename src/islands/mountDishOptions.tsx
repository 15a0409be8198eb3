// Opens the option dialog of a dish: mounts it once, at the end of <body>, the first time a dish with
// options is added (src/lib/addButtons.ts imports this then, so pages carry no React before it).
import { useCallback, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import DishOptionsDialog, { type DishRequest } from "./DishOptionsDialog";

interface Opened {
  request: DishRequest;
  /** A new number per opening: a dialog opened again starts from the dish's defaults. */
  seq: number;
}

let open: ((opened: Opened) => void) | undefined;
let waiting: Opened | undefined;
let seq = 0;

function DishOptionsHost() {
  const [opened, setOpened] = useState<Opened | null>(waiting ?? null);
  useEffect(() => {
    open = setOpened;
    waiting = undefined;
    return () => {
      open = undefined;
    };
  }, []);
  const close = useCallback(() => {
    setOpened((current) => {
      // Back to the button that opened it, so a keyboard user carries on where they were.
      const opener = current?.request.opener;
      if (opener?.isConnected) setTimeout(() => opener.focus(), 0);
      return null;
    });
  }, []);
  return opened ? <DishOptionsDialog key={opened.seq} request={opened.request} onClose={close} /> : null;
}

let mounted = false;

export function openDishOptions(request: DishRequest): void {
  const opened = { request, seq: ++seq };
  if (open) return open(opened);
  waiting = opened;
  if (mounted) return;
  mounted = true;
  const container = document.createElement("div");
  container.id = "dish-options-root";
  document.body.append(container);
  createRoot(container).render(<DishOptionsHost />);
}
