// The full menu's "Ordering for" picker: now, or a 15-minute time of the coming week in Miami.
import { availableSlots, type RestaurantSchedule } from "../domain/schedule";
import { slotLabeller } from "../domain/slotLabels";
import { pageLocale } from "./api";
import type { MenuWordsRead } from "./liveMenuWords";
import { fill } from "./menuDom";

/**
 * "Ordering for": now, or any 15-minute time of the next 7 days at which something is served (a
 * kitchen open), one group per day; the time already chosen stays chosen while it is offered.
 */
export function fillTimePicker(picker: HTMLSelectElement, words: MenuWordsRead, schedule: RestaurantSchedule, now: Date, chosen: string): void {
  // The same schedule within the same minute offers the same times (the menu's answer repeats the
  // schedule the page came with): a week of slots is not worked out twice on start.
  const inputs = `${Math.floor(now.getTime() / 60_000)}|${JSON.stringify(schedule)}`;
  if (pickerInputs.get(picker) !== inputs) {
    pickerInputs.set(picker, inputs);
    fillTimes(picker, words, schedule, now);
  }
  const offered = [...picker.options].some((option) => option.value === chosen);
  picker.value = offered ? chosen : "";
}

const pickerInputs = new WeakMap<HTMLSelectElement, string>();

function fillTimes(picker: HTMLSelectElement, words: MenuWordsRead, schedule: RestaurantSchedule, now: Date): void {
  const slots = availableSlots(schedule, ["beverages"], "pickup", now);
  const key = `${slots.length}|${slots[0]?.at ?? ""}`;
  if (picker.dataset.filled !== key) {
    picker.dataset.filled = key;
    const groups = new Map<string, HTMLOptGroupElement>();
    const options: (HTMLOptionElement | HTMLOptGroupElement)[] = [new Option(words.now, "")];
    const labelOf = slotLabeller(now, pageLocale());
    for (const slot of slots) {
      const { day, time } = labelOf(slot);
      let group = groups.get(slot.date);
      if (!group) {
        group = Object.assign(document.createElement("optgroup"), { label: day });
        groups.set(slot.date, group);
        options.push(group);
      }
      group.append(new Option(fill(words.slot, { day, time }), slot.at));
    }
    picker.replaceChildren(...options);
  }
}
