// Makes the full menu's server-rendered HTML live without React: open badges and add buttons follow
// the visitor's clock read in Miami (re-checked every minute), stock, prices and dishes follow the
// server's answer (GET /api/menu), and the sticky bar marks the category being read. Its words come in
// the page's language with the page (data-words, written at build from src/domain/i18n/ui/menu.ts).
import { isAllergenWarning, isDietaryLabel } from "../domain/dietaryLabelList";
import { prepareClock } from "../domain/hours";
import type { RestaurantSchedule } from "../domain/schedule";
import { pageLocale } from "./api";
import { applyOpenState } from "./menuOpenState";
import { $orderFor, chosenTime, setOrderFor } from "../stores/orderTime";
import { $cart } from "../stores/cart";
import { isOpenAt, type OrderedSection } from "../domain/schedule";
import { formatPrice } from "../domain/money";
import type { MenuAnswer, MenuItemView } from "../domain/menuReadModel";
import { $menuLoad, loadMenu } from "../stores/menu";
import { ADDED_EVENT } from "./addButtonsLater";
import { readLiveMenuWords, type MenuWordsRead } from "./liveMenuWords";
import { realPhotoUrl } from "./menuPhotos";
import { $, $$, fill, setAttribute, setText } from "./menuDom";
import { fillTimePicker } from "./menuTimePicker";

/** Writes one dish of the live answer into its row (only what changed, so nothing moves for nothing). */
export function fillRow(row: HTMLElement, item: MenuItemView, words: MenuWordsRead): void {
  const nameId = `n${item.id}`;
  setAttribute(row, "id", item.slug);
  setAttribute(row, "aria-labelledby", nameId);
  setAttribute(row, "data-id", String(item.id));
  setAttribute(row, "data-price", String(item.priceCents));
  setAttribute(row, "data-out", item.inStock ? null : "");
  setAttribute(row, "data-square", item.squareId || null);
  setAttribute(row, "data-options", item.optionGroups.length > 0 ? "" : null);
  // Every label in data-labels (the filters and the dish sheet read them); the allergens it contains only in the sheet.
  const labels = item.dietary.filter(isDietaryLabel);
  setAttribute(row, "data-labels", labels.length ? labels.join(" ") : null);
  const shown = labels.filter((label) => !isAllergenWarning(label));
  const badges = $(row, "[data-badges]");
  if (badges && badges.textContent !== shown.map((label) => words[`label.${label}`]).join("")) {
    badges.replaceChildren(
      ...shown.map((label) => Object.assign(document.createElement("span"), { textContent: words[`label.${label}`] })),
    );
  }
  const name = $(row, "[data-name]");
  if (name) setAttribute(name, "id", nameId);
  setText(name, item.name);
  setText($(row, "[data-p]"), formatPrice(item.priceCents));
  setText($(row, "[data-desc]"), item.description);
  // An orderable dish says nothing here: only "Sold out" is news to a diner.
  setText($(row, "[data-s]"), item.inStock ? "" : words.out);
  const photo = realPhotoUrl(item.imageUrl, 128);
  let img = $<HTMLImageElement>(row, "img[data-photo]");
  if (!photo) img?.remove();
  else {
    if (!img) {
      img = Object.assign(document.createElement("img"), { alt: "", width: 64, height: 64, loading: "lazy", decoding: "async" });
      img.dataset.photo = "";
      row.prepend(img);
    }
    // src: the picture as the API serves it; an uploaded one also comes in the row's own sizes, which the browser picks.
    const src = item.image ?? photo;
    if (img.getAttribute("src") !== src) img.src = src;
    const small = photo !== item.imageUrl ? `${realPhotoUrl(item.imageUrl, 64)} 1x, ${photo} 2x` : "";
    if (small) img.srcset = small;
    else img.removeAttribute("srcset");
  }
}

/** Brings the sections to the server's answer: rows updated in place, new dishes and categories added, gone ones removed. */
export function renderAnswer(root: HTMLElement, answer: MenuAnswer, words: MenuWordsRead): void {
  const rowTemplate = $<HTMLTemplateElement>(root, "template[data-row-template]");
  const categoryTemplate = $<HTMLTemplateElement>(root, "template[data-category-template]");
  for (const section of answer.sections) {
    const sectionElement = $(root, `section[data-section="${section.id}"]`);
    if (!sectionElement) continue;
    const kept = new Set<Element>();
    let previous: Element | null = $(sectionElement, "[data-empty]");
    for (const category of new Set(section.items.map((item) => item.category))) {
      let block = $$(sectionElement, "[data-category]").find((element) => element.dataset.category === category);
      if (!block && categoryTemplate) {
        block = categoryTemplate.content.firstElementChild!.cloneNode(true) as HTMLElement;
        block.dataset.category = category;
        block.id = `${section.id}-${category.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
        setText($(block, "h3"), words[`category.${category}`] ?? category);
      }
      if (!block) continue;
      if (previous && previous.nextElementSibling !== block) previous.after(block);
      previous = block;
      const list = $(block, "ul")!;
      section.items
        .filter((item) => item.category === category)
        .forEach((item, index) => {
          let entry = $(root, `article[data-id="${item.id}"]`)?.parentElement ?? null;
          if (!entry && rowTemplate) entry = rowTemplate.content.firstElementChild!.cloneNode(true) as HTMLElement;
          if (!entry) return;
          fillRow(entry.firstElementChild as HTMLElement, item, words);
          if (list.children[index] !== entry) list.insertBefore(entry, list.children[index] ?? null);
          kept.add(entry);
        });
    }
    for (const row of $$(sectionElement, "article[data-id]")) if (!kept.has(row.parentElement!)) row.parentElement!.remove();
    for (const block of $$(sectionElement, "[data-category]")) if (!$(block, "article")) block.remove();
    const empty = $(sectionElement, "[data-empty]");
    if (empty) empty.hidden = section.items.length > 0;
  }
}

/** Marks the section and category being read in the sticky bar and keeps its chip in sight there. */
function followScroll(root: HTMLElement): void {
  const nav = $(root, ".menu-nav");
  if (!nav) return;
  let current = "";
  let queued = false;
  const update = () => {
    queued = false;
    const line = nav.getBoundingClientRect().bottom + 8;
    let section = "";
    let category = "";
    for (const element of $$(root, "section[data-section], [data-category]")) {
      if (element.getBoundingClientRect().top > line) break;
      if (element.tagName === "SECTION") {
        section = element.id;
        category = "";
      } else category = element.id;
    }
    const key = `${section}|${category}`;
    if (key === current) return;
    current = key;
    for (const chip of $$(nav, "a[data-nav]")) {
      const active = chip.dataset.nav === section || chip.dataset.nav === category;
      if (active) chip.setAttribute("aria-current", "true");
      else chip.removeAttribute("aria-current");
      if (active && chip.dataset.nav === category) {
        const bar = chip.closest("ul")!;
        bar.scrollTo({ left: chip.offsetLeft - bar.offsetLeft - 16, behavior: "smooth" });
      }
    }
  };
  addEventListener(
    "scroll",
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
  // The first reading measures the whole page: after the first paint, not before it.
  if ("requestIdleCallback" in window) requestIdleCallback(update, { timeout: 1000 });
  else setTimeout(update, 200);
}

function parseSchedule(text: string | undefined): RestaurantSchedule | undefined {
  try {
    return text ? (JSON.parse(text) as RestaurantSchedule) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The dietary filter's code loads on the first press of Filters, an interaction, not with the page:
 * the press that loads it then opens the bar as every later press does.
 */
function lazyLabelFilter(root: HTMLElement, words: MenuWordsRead): void {
  const start = () => import("./menuLabelFilter").then(({ startLabelFilter }) => startLabelFilter(root, words));
  const toggle = root.querySelector<HTMLButtonElement>("[data-filters-toggle]");
  if (!toggle) return void start();
  toggle.disabled = false;
  toggle.addEventListener("click", () => void start().then(() => toggle.click()), { once: true });
}

/** A tap on a dish's name opens its sheet; the sheet's code loads on the first tap. */
function listenForSheets(root: HTMLElement, words: MenuWordsRead): void {
  root.addEventListener("click", (event) => {
    const name = (event.target as Element).closest<HTMLElement>("button[data-name]");
    const row = name?.closest<HTMLElement>("article[data-id]");
    if (!name || !row) return;
    void import("./dishSheet").then(({ openDishSheet }) => openDishSheet(root, row, words, name));
  });
}

/** Lets the browser run what waits (a tap, a frame) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Makes one full menu live, in short tasks: the scripts start after the first paint, where one long
 * task is time a phone cannot answer a tap. The listeners and the menu's request come first; then
 * Miami's clock is made ready (the browser loads the time zone's data); then the open states, which
 * the returned promise waits for; then the week of times in the picker.
 */
export async function startFullMenu(root: HTMLElement): Promise<void> {
  const words = readLiveMenuWords(root.dataset.words ?? "");
  const locale = pageLocale();

  // The schedule the page was rendered with, then the one of each menu answer.
  let schedule = parseSchedule(root.dataset.schedule);
  const picker = $<HTMLSelectElement>(root, "select[data-order-for]");
  let pickerQueued = false;
  const fillPicker = () => {
    pickerQueued = false;
    if (picker && schedule) fillTimePicker(picker, words, schedule, new Date(), $orderFor.get());
  };
  const refresh = () => {
    const now = new Date();
    if (!schedule) return;
    applyOpenState(root, words, now, schedule, chosenTime($orderFor.get(), now), locale);
    if (picker && !pickerQueued) {
      pickerQueued = true;
      setTimeout(fillPicker);
    }
  };
  picker?.addEventListener("change", () => setOrderFor(picker.value));
  // A closed section's "Pre-order for 5:00 PM": the time is chosen first (the menu, the cart and the
  // checkout then order for it, the button now an ordinary add), then the add buttons' own listener adds.
  // Where dishes already in the cart are not served then, the diner is asked first: the add waits for a yes.
  root.addEventListener(
    "click",
    (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("button[data-add][data-preorder]");
      if (!button || button.disabled) return;
      const at = new Date(button.dataset.preorder!);
      const left = schedule ? $cart.get().items.filter((line) => !isOpenAt(schedule!, line.section as OrderedSection, at)) : [];
      if (left.length === 0) return setOrderFor(button.dataset.preorder!);
      event.stopImmediatePropagation();
      void import("./timeChange").then(({ askTimeChange }) => askTimeChange(button, at, [...new Set(left.map((line) => line.name))], locale, refresh));
    },
    { capture: true },
  );
  $orderFor.listen(refresh);
  // On the next minute boundary, then every minute, so 15:00 flips at 15:00.
  setTimeout(
    () => {
      refresh();
      setInterval(refresh, 60_000);
    },
    60_000 - (Date.now() % 60_000) + 50,
  );

  const status = $(root, "[data-menu-status]");
  const error = $(root, "[data-menu-error]");
  $(error!, "button")?.addEventListener("click", () => void loadMenu({ force: true }));
  let shown: MenuAnswer | undefined;
  $menuLoad.subscribe((load) => {
    setText(status, load.status === "loading" && !load.answer ? words.loading : "");
    if (error) error.hidden = load.status !== "error";
    if (load.answer && load.answer !== shown) {
      shown = load.answer;
      schedule = load.answer.schedule ?? schedule;
      renderAnswer(root, load.answer, words);
      // Today's notices (a pause, a closure) in the page's panel; its code loads only when there is one.
      const answer = load.answer;
      if (answer.notices?.length) void import("./liveNotices").then(({ showLiveNotices }) => showLiveNotices(document.querySelector("live-notices"), answer));
      refresh();
    }
    if (load.status === "loaded" || load.status === "error") root.dataset.live = load.status;
  });
  void loadMenu({ force: true });

  const announce = $(root, "[data-menu-announce]");
  root.addEventListener(ADDED_EVENT, (event) => {
    const name = (event as CustomEvent<{ name: string }>).detail.name;
    // The same sentence twice in a row would not be read again: clear first.
    setText(announce, "");
    requestAnimationFrame(() => setText(announce, fill(words.added, { name })));
  });
  followScroll(root);
  lazyLabelFilter(root, words);
  listenForSheets(root, words);
  await nextTask();
  prepareClock();
  await nextTask();
  refresh();
  // A tap kept from before the open states applied was a tap on "Add to Cart": where the button now
  // pre-orders for a later time, it is dropped, never turned into a pre-order the diner did not choose.
  if (window.__jfTaps) window.__jfTaps = window.__jfTaps.filter((button) => button.dataset.preorder === undefined);
}
