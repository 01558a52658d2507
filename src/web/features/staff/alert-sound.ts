/**
 * The new-order alert, made with the Web Audio API (no audio file to load or to fail): a short
 * two-tone chime. Browsers start an AudioContext suspended until a person taps the page, so
 * the board asks for that tap (`unlock`) and says plainly while sound is off.
 */

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null;
  const withPrefix = window as Window & { webkitAudioContext?: AudioContextClass };
  // Safari before 14.1 has only the prefixed one.
  return 'AudioContext' in window ? window.AudioContext : (withPrefix.webkitAudioContext ?? null);
}

export interface AlertSound {
  /** Whether a chime would be heard now (a context exists and is running). */
  readonly on: boolean;
  /** Creates or resumes the context; must run inside a tap or key press. */
  unlock: () => Promise<boolean>;
  /** One chime (nothing when sound is off). */
  ring: () => void;
}

/** `onChange` hears when sound comes on or goes off (a sleeping tablet suspends the audio). */
export function createAlertSound(onChange: (on: boolean) => void): AlertSound {
  let context: AudioContext | null = null;

  const tone = (at: number, frequency: number, length: number) => {
    if (!context) return;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.value = frequency;
    // A quick attack and decay: loud enough across a kitchen, no click at either end.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.6, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.05);
  };

  return {
    get on() {
      return context !== null && context.state === 'running';
    },
    unlock: async () => {
      const Context = audioContextClass();
      if (!Context) return false;
      if (!context) {
        const created = new Context();
        created.addEventListener('statechange', () => onChange(created.state === 'running'));
        context = created;
      }
      try {
        if (context.state !== 'running') await context.resume();
      } catch {
        return false;
      }
      return context.state === 'running';
    },
    ring: () => {
      if (!context || context.state !== 'running') return;
      const start = context.currentTime + 0.01;
      tone(start, 880, 0.25);
      tone(start + 0.3, 1320, 0.35);
      tone(start + 0.75, 880, 0.25);
      tone(start + 1.05, 1320, 0.35);
    },
  };
}
