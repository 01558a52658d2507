import { useCallback, useId, useState, type ReactNode } from 'react';
import type { ApiMenuFieldChange, ApiMenuHistoryEntry } from '../../../domain/api-types';
import { storeDate } from '../../../domain/hours';
import { pictureOf } from '../../shared/product';
import { ErrorMessage, Loading } from '../../shared/ui';
import { useNow } from '../../shared/use-now';
import { failureText, useLoad } from './admin-parts';
import { clockOf, entryLines, entryName, whenText, whoText } from './history-words';
import { staffAdminApi } from './staff-admin-api';

/**
 * The menu's history (issue 34) on the staff's screens: an item's, in its editor, and one day's,
 * on the Menu. Both are closed until asked for and load only then: most visits to the editor or
 * the list are for something else, and the history is a request of its own.
 */

/** A <details> that mounts its content (and so its request) only once opened. */
function Disclosure({ title, children }: { title: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="menu-history" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="menu-history-title">{title}</summary>
      {open ? children() : null}
    </details>
  );
}

function Entries({
  load,
  empty,
  when,
  named,
}: {
  load: (signal: AbortSignal) => Promise<ApiMenuHistoryEntry[]>;
  empty: string;
  when: (at: string) => string;
  /** The day's list names each item; an item's own list need not. */
  named: boolean;
}) {
  const { state, reload } = useLoad(load);
  if (state.kind === 'loading') return <Loading label="Loading the history..." />;
  if (state.kind === 'failed') {
    return (
      <ErrorMessage onRetry={reload}>
        {failureText(state.error, 'We could not load the history. Please try again in a moment.')}
      </ErrorMessage>
    );
  }
  if (state.value.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ol className="history-list">
      {state.value.map((entry) => (
        <li key={entry._id} className="history-entry">
          <p className="history-head">
            {named ? <strong>{entryName(entry)}</strong> : null}
            <span>
              <time dateTime={entry.at}>{when(entry.at)}</time>, by {whoText(entry.by)}
            </span>
          </p>
          <ul className="history-fields">
            {entryLines(entry).map((line, index) => {
              // A change's lines follow its fields one for one.
              const field = entry.action === 'changed' ? entry.fields[index] : undefined;
              return (
                <li key={line}>
                  {line}
                  {field?.field === 'image' ? <PhotoChange change={field} /> : null}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** A photo's change as the two pictures, before and after (the store's placeholder for none). */
function PhotoChange({ change }: { change: ApiMenuFieldChange }) {
  const picture = (value: unknown) => pictureOf(typeof value === 'string' ? value : null);
  return (
    <span className="history-photos">
      <img src={picture(change.from)} alt="Before" width={64} height={48} loading="lazy" />
      <span aria-hidden="true">→</span>
      <img src={picture(change.to)} alt="After" width={64} height={48} loading="lazy" />
    </span>
  );
}

/** An item's changes, newest first, in its editor. */
export function ItemHistory({ id }: { id: string }) {
  const now = useNow(60_000);
  const load = useCallback((signal: AbortSignal) => staffAdminApi.history({ id }, signal), [id]);
  return (
    <Disclosure title="History">
      {() => (
        <Entries
          load={load}
          empty="No change to this item has been recorded yet."
          when={(at) => whenText(at, now)}
          named={false}
        />
      )}
    </Disclosure>
  );
}

/** One of the store's days' changes to the menu, today's first; a date picks another day. */
export function DayHistory() {
  const now = useNow(60_000);
  const today = storeDate(now);
  const [picked, setPicked] = useState<string | null>(null);
  const day = picked ?? today;
  const inputId = useId();
  const load = useCallback((signal: AbortSignal) => staffAdminApi.history({ day }, signal), [day]);
  return (
    <Disclosure title="Today's changes">
      {() => (
        <>
          <div className="field admin-field">
            <label htmlFor={inputId}>Day</label>
            <input
              id={inputId}
              type="date"
              value={day}
              max={today}
              // Clearing the field goes back to today rather than asking for no day.
              onChange={(event) => setPicked(event.target.value === '' ? null : event.target.value)}
            />
          </div>
          <Entries
            load={load}
            empty={
              day === today ? 'No change to the menu today.' : 'No change to the menu that day.'
            }
            when={clockOf}
            named
          />
        </>
      )}
    </Disclosure>
  );
}
