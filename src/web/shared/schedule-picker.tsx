import { useId, useMemo } from 'react';
import {
  STORE_TIME_ZONE,
  hoursClockText,
  serviceDate,
  serviceDay,
  storeDate,
  type WeeklyHours,
} from '../../domain/hours';
import { storeClockText } from '../../domain/time-text';
import './schedule-picker.css';

/*
 * "When": as soon as possible, or a time the store can honour. The slots come from the domain's
 * `scheduleSlots` (the rule the server checks; `use-order-slots.ts`), here grouped by the store's
 * day of service: a phone's picker is then two short lists rather than hundreds of times. The
 * checkout shows the whole choice; an item outside its availability windows asks for a slot
 * alone (`SlotSelects`, in `schedule-later.tsx`), among the slots it is offered at.
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
  /** A night that runs past midnight: its closing time, "1:00 AM"; null otherwise. */
  until: string | null;
  slots: { iso: string; label: string; afterMidnight: boolean }[];
}

const DAY_MS = 24 * 60 * 60_000;

/** The calendar day after a YYYY-MM-DD (plain date arithmetic, no zone involved). */
const nextDate = (date: string) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The slots by the store's day of service, not the calendar: Friday's hours until 1:00 AM hold
 * Saturday's 12:00-12:45 AM, said under the day ("Open until 1:00 AM") and on each such time.
 * Not in the day's own label: "Today (Sat, Nov 28) — until 1:00 AM" was cut on a 390 px phone.
 */
function groupByDay(slots: readonly Date[], now: Date, hours: WeeklyHours): Day[] {
  const today = serviceDate(now, hours);
  const tomorrow = nextDate(today);
  const days = new Map<string, Day>();
  for (const slot of slots) {
    const key = serviceDate(slot, hours);
    let day = days.get(key);
    if (!day) {
      const name = key === today ? 'Today' : key === tomorrow ? 'Tomorrow' : null;
      // Noon UTC is the same date in Toronto.
      const date = dayLabel.format(new Date(`${key}T12:00:00Z`));
      day = { key, label: name ? `${name} (${date})` : date, until: null, slots: [] };
      days.set(key, day);
    }
    const afterMidnight = storeDate(slot) !== key;
    if (afterMidnight && day.slots.every((each) => !each.afterMidnight)) {
      const close = serviceDay(slot, hours).hours?.close;
      if (close) day.until = hoursClockText(close);
    }
    day.slots.push({
      iso: slot.toISOString(),
      label: afterMidnight ? `${storeClockText(slot)} (after midnight)` : storeClockText(slot),
      afterMidnight,
    });
  }
  return [...days.values()];
}

/** Day and Time: one of `slots`, grouped by the store's day of service. */
export function SlotSelects({
  slots,
  now,
  hours,
  slot,
  onSlot,
}: {
  slots: readonly Date[];
  now: Date;
  hours: WeeklyHours;
  /** The chosen slot's ISO text; one not among `slots` shows the first. */
  slot: string | null;
  onSlot: (slot: string | null) => void;
}) {
  const id = useId();
  const days = useMemo(() => groupByDay(slots, now, hours), [slots, now, hours]);
  const chosenDay = days.find((day) => day.slots.some((each) => each.iso === slot)) ?? days[0];
  if (!chosenDay) return null;
  return (
    <div className="schedule-selects">
      <div className="field">
        <label htmlFor={`${id}-day`}>Day</label>
        <select
          id={`${id}-day`}
          aria-describedby={chosenDay.until ? `${id}-day-hint` : undefined}
          value={chosenDay.key}
          onChange={(event) => {
            const day = days.find((each) => each.key === event.target.value);
            onSlot(day?.slots[0]?.iso ?? null);
          }}
        >
          {days.map((day) => (
            <option key={day.key} value={day.key}>
              {day.label}
            </option>
          ))}
        </select>
        {chosenDay.until ? (
          <p id={`${id}-day-hint`} className="field-hint" data-testid="day-until">
            Open until {chosenDay.until}: the times after midnight end the list.
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-time`}>Time</label>
        <select
          id={`${id}-time`}
          value={
            chosenDay.slots.some((each) => each.iso === slot)
              ? (slot ?? '')
              : (chosenDay.slots[0]?.iso ?? '')
          }
          onChange={(event) => onSlot(event.target.value)}
        >
          {chosenDay.slots.map((each) => (
            <option key={each.iso} value={each.iso}>
              {each.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export function SchedulePicker({
  slots,
  now,
  hours,
  choice,
  onChoice,
}: {
  slots: readonly Date[];
  now: Date;
  hours: WeeklyHours;
  choice: ScheduleChoice;
  onChoice: (choice: ScheduleChoice) => void;
}) {
  const id = useId();
  const first = slots[0]?.toISOString() ?? null;

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
          disabled={first === null}
          onChange={() => onChoice({ kind: 'later', slot: first })}
        />
        Schedule for later
      </label>
      {first === null ? (
        <p className="field-hint">No times are open for scheduling in the next 7 days.</p>
      ) : null}
      {choice.kind === 'later' ? (
        <SlotSelects
          slots={slots}
          now={now}
          hours={hours}
          slot={choice.slot}
          onSlot={(slot) => onChoice({ kind: 'later', slot })}
        />
      ) : null}
    </fieldset>
  );
}
