// A question that must be answered before something a diner did not ask for happens ("Replace your cart?",
// "Change your order to 5:00 PM?"): a modal <dialog> of plain DOM (pages without React use it too), two
// buttons (a third where the question offers another way), Escape for the cautious answer.
export interface Question {
  title: string;
  text: string;
  yes: string;
  no: string;
  /** A third way, neither yes nor no (a separate order). */
  other?: string;
}

/** Answers true for the yes button only. */
export async function askDialog(question: Question): Promise<boolean> {
  return (await askChoice(question)) === "yes";
}

const BUTTON = "min-h-11 rounded-lg px-4 py-2 font-semibold";

/** Answers the button chosen: "yes", "other", or "no" (Escape too). */
export function askChoice(question: Question): Promise<"yes" | "no" | "other"> {
  const dialog = document.createElement("dialog");
  dialog.setAttribute("aria-labelledby", "ask-dialog-title");
  dialog.className = "m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-white p-6 text-ink shadow-xl backdrop:bg-black/50";
  const form = Object.assign(document.createElement("form"), { method: "dialog" });
  const title = Object.assign(document.createElement("h2"), { id: "ask-dialog-title", className: "font-display text-xl font-bold", textContent: question.title });
  const text = Object.assign(document.createElement("p"), { className: "mt-2", textContent: question.text });
  const row = Object.assign(document.createElement("div"), { className: "mt-4 flex flex-wrap justify-end gap-2" });
  const no = Object.assign(document.createElement("button"), { value: "no", className: `${BUTTON} border border-stone-400 bg-white hover:bg-stone-100`, textContent: question.no });
  const yes = Object.assign(document.createElement("button"), { value: "yes", className: `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`, textContent: question.yes });
  row.append(no);
  if (question.other) row.append(Object.assign(document.createElement("button"), { value: "other", className: `${BUTTON} border border-stone-400 bg-white hover:bg-stone-100`, textContent: question.other }));
  row.append(yes);
  form.append(title, text, row);
  dialog.append(form);
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "yes" || dialog.returnValue === "other" ? dialog.returnValue : "no");
      dialog.remove();
    });
  });
}
