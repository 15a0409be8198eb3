// The one look of a text field on the public forms (checkout, contact): same border, focus ring and
// error colour wherever a customer types.
export const INPUT_CLASS =
  "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-ink shadow-sm " +
  "placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 " +
  "aria-[invalid=true]:border-red-700";
