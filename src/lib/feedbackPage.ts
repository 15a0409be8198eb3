// The feedback page's script (src/pages/feedback.astro): reads which answer the e-mail's link gave
// (?a=happy|unhappy|stop) and its token (the fragment), shows that part (a rating of either kind with the
// same review link and message form), and sends it to POST /api/feedback. A link without a token, or one the server does not know (404), says so and how to reach us.
import { ApiError, apiRequest } from "./api";

type Part = "loading" | "bad" | "happy" | "unhappy" | "stop";
const TOKEN = /^[0-9a-f]{64}$/;

export function startFeedbackPage(root: HTMLElement): void {
  const token = location.hash.slice(1);
  const answer = new URLSearchParams(location.search).get("a");
  const show = (part: Part) => {
    for (const section of root.querySelectorAll<HTMLElement>("[data-part]")) section.hidden = section.dataset.part !== part;
    for (const shared of root.querySelectorAll<HTMLElement>("[data-parts]")) shared.hidden = !shared.dataset.parts!.split(" ").includes(part);
  };
  const $ = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  if (!TOKEN.test(token) || !["happy", "unhappy", "stop"].includes(answer ?? "")) return show("bad");
  const notKnown = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

  if (answer === "stop") {
    show("stop");
    const button = $<HTMLButtonElement>("[data-stop]");
    button.addEventListener("click", () => {
      button.disabled = true;
      $("[data-stop-failed]").hidden = true;
      apiRequest("/api/feedback/opt-out", { method: "POST", body: { token } }).then(
        () => {
          button.hidden = true;
          $("[data-stopped]").textContent = root.dataset.stopped ?? "";
        },
        (error: unknown) => {
          button.disabled = false;
          if (notKnown(error)) show("bad");
          else $("[data-stop-failed]").hidden = false;
        },
      );
    });
    return;
  }

  // Happy or unhappy: the rating is noted in the background; the review link and the form are there either way.
  const rating = answer as "happy" | "unhappy";
  show(rating);
  apiRequest<{ reviewUrl: string }>("/api/feedback", { method: "POST", body: { token, answer: rating } }).then(
    (reply) => ($<HTMLAnchorElement>("[data-review]").href = reply.reviewUrl),
    (error: unknown) => notKnown(error) && show("bad"),
  );
  const form = $<HTMLFormElement>("[data-form]");
  const field = $<HTMLTextAreaElement>("#feedback-message");
  const fieldError = $("[data-error]");
  const status = $("[data-status]");
  const failedNote = $("[data-failed]");
  const setError = (text: string) => {
    fieldError.textContent = text;
    field.setAttribute("aria-invalid", text ? "true" : "false");
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    failedNote.hidden = true;
    const message = field.value.trim();
    if (!message) {
      setError(root.dataset.required ?? "");
      field.focus();
      return;
    }
    setError("");
    const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    submit.disabled = true;
    status.textContent = root.dataset.sending ?? "";
    apiRequest("/api/feedback", { method: "POST", body: { token, answer: rating, message } }).then(
      () => {
        form.hidden = true;
        status.textContent = root.dataset.sent ?? "";
      },
      (error: unknown) => {
        submit.disabled = false;
        status.textContent = "";
        if (error instanceof ApiError && error.status === 409) {
          form.hidden = true;
          status.textContent = root.dataset.already ?? "";
        } else if (error instanceof ApiError && error.status === 400 && error.body?.issues?.length) {
          // The page's own words: the server's are English.
          setError(root.dataset.required ?? "");
          field.focus();
        } else if (error instanceof ApiError && error.status === 404) show("bad");
        else failedNote.hidden = false;
      },
    );
  });
}
