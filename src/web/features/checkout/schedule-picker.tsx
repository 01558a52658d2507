import { useId, useMemo } from 'react';
import { STORE_TIME_ZONE, storeDate } from '../../../domain/hours';
import { storeClockText } from '../../../domain/time-text';

/*
 * "When": as soon as possible, or a time the store can honour. The slots come from the domain's
 * `scheduleSlots` (the rule the server checks), here grouped by day: a phone's picker is then two
 * short lists rather than hundreds of times.
 */

export type ScheduleChoice = { kind: 'asap' } | { kind: 'later'; slot: string | null };

const dayLabel = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

/** "Tue, Dec 1, 6:30 PM" in the store's zone. */
export function formatSlot(iso: string): string {
  const at = new Date(iso);
  return `${dayLabel.format(at)}, ${storeClockText(at)}`;
}

interface Day {
  key: string;
  label: string;
  slots: { iso: string; label: string }[];
}

function groupByDay(slots: readonly Date[], now: Date): Day[] {
  const today = storeDate(now);
  const tomorrow = storeDate(new Date(now.getTime() + 24 * 60 * 60_000));
  const days = new Map<string, Day>();
  for (const slot of slots) {
    const key = storeDate(slot);
    let day = days.get(key);
    if (!day) {
      const name = key === today ? 'Today' : key === tomorrow ? 'Tomorrow' : null;
      const date = dayLabel.format(slot);
      day = { key, label: name ? `${name} (${date})` : date, slots: [] };
      days.set(key, day);
    }
    day.slots.push({ iso: slot.toISOString(), label: storeClockText(slot) });
  }
  return [...days.values()];
}

export function SchedulePicker({
  slots,
  now,
  choice,
  onChoice,
}: {
  slots: readonly Date[];
  now: Date;
  choice: ScheduleChoice;
  onChoice: (choice: ScheduleChoice) => void;
}) {
  const id = useId();
  const days = useMemo(() => groupByDay(slots, now), [slots, now]);
  const chosen = choice.kind === 'later' ? choice.slot : null;
  const chosenDay = days.find((day) => day.slots.some((slot) => slot.iso === chosen)) ?? days[0];

  return (
    <fieldset className="checkout-section schedule-picker">
      <legend>When</legend>
      <label className="choice-label">
        <input
          type="radio"
          name={`${id}-when`}
          checked={choice.kind === 'asap'}
          onChange={() => onChoice({ kind: 'asap' })}
        />
        As soon as possible
      </label>
      <label className="choice-label">
        <input
          type="radio"
          name={`${id}-when`}
          checked={choice.kind === 'later'}
          disabled={days.length === 0}
          onChange={() => onChoice({ kind: 'later', slot: days[0]?.slots[0]?.iso ?? null })}
        />
        Schedule for later
      </label>
      {days.length === 0 ? (
        <p className="field-hint">No times are open for scheduling in the next 7 days.</p>
      ) : null}
      {choice.kind === 'later' && chosenDay ? (
        <div className="schedule-selects">
          <div className="field">
            <label htmlFor={`${id}-day`}>Day</label>
            <select
              id={`${id}-day`}
              value={chosenDay.key}
              onChange={(event) => {
                const day = days.find((each) => each.key === event.target.value);
                onChoice({ kind: 'later', slot: day?.slots[0]?.iso ?? null });
              }}
            >
              {days.map((day) => (
                <option key={day.key} value={day.key}>
                  {day.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-time`}>Time</label>
            <select
              id={`${id}-time`}
              value={chosen ?? chosenDay.slots[0]?.iso ?? ''}
              onChange={(event) => onChoice({ kind: 'later', slot: event.target.value })}
            >
              {chosenDay.slots.map((slot) => (
                <option key={slot.iso} value={slot.iso}>
                  {slot.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
