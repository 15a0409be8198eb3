import { afterEach, describe, expect, it, vi } from "vitest";
import { $toasts, dismissToast, toast } from "./toasts";

afterEach(() => {
  vi.useRealTimers();
  $toasts.set([]);
});

describe("toasts", () => {
  it("shows at most one toast: a new one replaces the old", () => {
    toast({ title: "First" });
    toast({ title: "Second", variant: "destructive" });
    expect($toasts.get().map((t) => t.title)).toEqual(["Second"]);
    expect($toasts.get()[0]).toMatchObject({ variant: "destructive", duration: 5000, open: true });
  });

  it("hides a dismissed toast at once and removes it after 1,000,000 ms", () => {
    vi.useFakeTimers();
    const id = toast({ title: "Saved" });
    dismissToast(id);
    expect($toasts.get()[0]?.open).toBe(false);
    vi.advanceTimersByTime(999_999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });
});
