import { useId } from 'react';
import { EditableRows } from './admin-parts';
import { rowKey, type DraftForm, type WindowRow } from './draft-form';
import { Group, GroupError, changeRow, type Edit } from './editor-group';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** When the product is offered: any kind may have time windows (availability.ts). */
export function WindowsEditor({
  form,
  edit,
  problem,
  readOnly,
}: {
  form: DraftForm;
  edit: Edit;
  problem: string | undefined;
  readOnly: boolean;
}) {
  const errorId = useId();
  const setWindows = (change: (rows: WindowRow[]) => WindowRow[]) =>
    edit((before) => ({ ...before, windows: change(before.windows) }));
  const setWindow = (key: number, change: (window: WindowRow) => WindowRow) =>
    setWindows((rows) => changeRow(rows, key, change));
  return (
    <Group title="When it is offered">
      <GroupError id={errorId} message={problem} />
      {form.windows.length === 0 ? (
        <p className="admin-hint">Always, whenever the store is open.</p>
      ) : null}
      <EditableRows
        rows={form.windows}
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
