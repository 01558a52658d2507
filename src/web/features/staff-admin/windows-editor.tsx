import { useId } from 'react';
import { EditableRows } from './admin-parts';
import { rowKey, type WindowRow } from './draft-form';
import { Group, GroupError, changeRow } from './editor-group';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * When a product or a category is offered (availability.ts): its windows as rows, none meaning
 * always. `onWindows` is given a change of the rows, so the form holding them stays the owner.
 */
export function WindowsEditor({
  windows,
  onWindows,
  problem,
  readOnly,
  none = 'Always, whenever the store is open.',
}: {
  windows: readonly WindowRow[];
  onWindows: (change: (rows: WindowRow[]) => WindowRow[]) => void;
  problem: string | null | undefined;
  readOnly: boolean;
  /** What no window means here (a category's items may have their own). */
  none?: string;
}) {
  const errorId = useId();
  const setWindows = onWindows;
  const setWindow = (key: number, change: (window: WindowRow) => WindowRow) =>
    setWindows((rows) => changeRow(rows, key, change));
  return (
    <Group title="When it is offered">
      <GroupError id={errorId} message={problem ?? undefined} />
      {windows.length === 0 ? <p className="admin-hint">{none}</p> : null}
      <EditableRows
        rows={windows}
        itemClass="editor-window"
        readOnly={readOnly}
        onRows={setWindows}
        removeLabel={(_window, index) => <>Remove time window {index + 1}</>}
        blank={() => ({ key: rowKey(), days: [], from: '11:00', to: '15:00' })}
        addLabel="Add a time window"
      >
        {(window, index) => (
          <>
            <fieldset className="editor-days">
              <legend>Time window {index + 1}: days</legend>
              {DAYS.map((day, number) => (
                <label key={day} className="editor-check">
                  <input
                    type="checkbox"
                    aria-label={DAY_NAMES[number]}
                    checked={window.days.includes(number)}
                    disabled={readOnly}
                    onChange={(event) => {
                      const on = event.target.checked;
                      setWindow(window.key, (each) => ({
                        ...each,
                        days: on
                          ? [...each.days, number]
                          : each.days.filter((other) => other !== number),
                      }));
                    }}
                  />
                  <span aria-hidden="true">{day}</span>
                </label>
              ))}
            </fieldset>
            <TimeInput
              label={`Time window ${index + 1}: from`}
              value={window.from}
              readOnly={readOnly}
              onValue={(from) => setWindow(window.key, (each) => ({ ...each, from }))}
            />
            <TimeInput
              label={`Time window ${index + 1}: to`}
              value={window.to}
              readOnly={readOnly}
              onValue={(to) => setWindow(window.key, (each) => ({ ...each, to }))}
            />
          </>
        )}
      </EditableRows>
    </Group>
  );
}

function TimeInput({
  label,
  value,
  readOnly,
  onValue,
}: {
  label: string;
  value: string;
  readOnly: boolean;
  onValue: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field admin-field editor-short">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="time"
        value={value}
        readOnly={readOnly}
        onChange={(event) => onValue(event.target.value)}
      />
    </div>
  );
}
