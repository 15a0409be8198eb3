// The board's chime for a new order: two short tones made with Web Audio (no sound file to load).
// Browsers let a page play sound only after a person has touched it, so until then the board offers
// "Tap to enable sound"; muting is remembered on this device.
import { useCallback, useEffect, useState } from "react";

const MUTED_KEY = "jealous-fork-board-muted";
/** One per page: once a tap has let it play, the board keeps it when staff come back from another tab. */
let shared: AudioContext | null = null;

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === "true";
  } catch {
    return false;
  }
}

export interface Chime {
  muted: boolean;
  setMuted: (muted: boolean) => void;
  /** Whether the browser lets the board play sound yet (false until a tap). */
  enabled: boolean;
  enable: () => void;
  play: () => void;
}

export function useChime(): Chime {
  const [muted, setMutedState] = useState(readMuted);
  const [enabled, setEnabled] = useState(() => shared?.state === "running");

  const enable = useCallback(() => {
    const Audio = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Audio) return;
    shared ??= new Audio();
    void shared.resume().then(() => setEnabled(shared?.state === "running"), () => undefined);
  }, []);

  // Any tap on the page counts as the person's permission; the button only says so.
  useEffect(() => {
    const onTap = () => enable();
    addEventListener("pointerdown", onTap, { once: true });
    addEventListener("keydown", onTap, { once: true });
    return () => {
      removeEventListener("pointerdown", onTap);
      removeEventListener("keydown", onTap);
    };
  }, [enable]);

  const setMuted = useCallback((next: boolean) => {
    setMutedState(next);
    try {
      localStorage.setItem(MUTED_KEY, String(next));
    } catch {
      // Storage may be off (private mode): muted for this visit only.
    }
  }, []);

  const play = useCallback(() => {
    const audio = shared;
    if (muted || !audio || audio.state !== "running") return;
    // Two rising tones, loud enough over a kitchen's noise, short enough not to annoy.
    [880, 1320].forEach((frequency, index) => {
      const start = audio.currentTime + index * 0.18;
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "triangle";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.6, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start(start);
      tone.stop(start + 0.4);
    });
  }, [muted]);

  return { muted, setMuted, enabled, enable, play };
}
