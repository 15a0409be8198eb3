// Phone numbers as people in Miami write them: a US number (10 digits, or 11 starting with 1) reads
// "(305) 222-1234"; anything else (a number from abroad, an extension) is shown as the customer typed it.

/** "(305) 222-1234" for a US number however it was typed ("3052221234", "+1 305 222 1234"); else the text as given. */
export function formatPhone(text: string): string {
  const trimmed = text.trim();
  if (/[a-z]/i.test(trimmed)) return trimmed;
  let digits = trimmed.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10 || (trimmed.startsWith("+") && !trimmed.startsWith("+1"))) return trimmed;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
