// One icon of the site's set (src/lib/icons.ts) in a React island, drawn as components/Icon.astro draws it:
// decorative, in the text's colour.
import { createElement } from "react";
import type { IconNode } from "../lib/icons";

export default function Icon({ icon, size = 24, className }: { icon: IconNode; size?: number; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={className}>
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
