// Mounts the cart sheet island once, at the end of <body>; the cart button imports this on first open.
import { createRoot } from "react-dom/client";
import CartSheet from "./CartSheet";

let mounted = false;

export function mountCartSheet(): void {
  if (mounted) return;
  mounted = true;
  const container = document.createElement("div");
  container.id = "cart-sheet-root";
  document.body.append(container);
  createRoot(container).render(<CartSheet />);
}
