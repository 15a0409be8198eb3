// The brand's colours and typefaces for what the theme's CSS variables cannot reach: e-mails (inline
// styles) and the console's sales chart (an SVG of its own). The values are theme.css's tokens, held
// equal by brandColors.test.ts; a mail client that cannot load the brand's fonts uses the fallbacks.
export const BRAND_COLORS = {
  paper: "#fff",
  cream: "#fbf6ee",
  ink: "#1f1a16",
  paprika: "#9a3412",
  muted: "#5e5248",
  line: "#e6dfd4",
  text: "#4a4039",
  honey: "#bd670e",
} as const;

/** Which theme.css token each colour is. */
export const BRAND_COLOR_TOKENS: Record<keyof typeof BRAND_COLORS, string> = {
  paper: "--color-paper",
  cream: "--color-cream",
  ink: "--color-ink",
  paprika: "--color-brand-600",
  muted: "--color-ink-600",
  line: "--color-ink-200",
  text: "--color-ink-700",
  honey: "--color-honey-600",
};

export const BRAND_FONTS = {
  display: '"Fraunces", "Times New Roman", serif',
  text: '"Figtree", Arial, Helvetica, sans-serif',
} as const;
