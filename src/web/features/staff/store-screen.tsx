import { useEffect, useId, useState, type SubmitEvent } from 'react';
import {
  MAX_PAUSE_MINUTES,
  type ApiStaffStore,
  type DayHours,
  type OpenMode,
} from '../../../domain';
import { STORE_SETTINGS, settingFields, unsavedFields } from '../../../domain/store-settings';
import { useMutation } from '../../shared/use-mutation';
import { Field } from '../../shared/field';
import { useNotice } from '../../shared/notices';
import { useStaff } from './staff-context';
import { staffApi, type StoreSaveBody } from './staff-api';
import { clockTime, customersSee } from './staff-format';
import { useNow } from '../../shared/use-now';
import { usePrintOnAccept } from './print-setting';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const PAUSE_CHOICES = [15, 30, 60] as const;
const MODES: { mode: OpenMode; label: string; hint: string }[] = [
  { mode: 'auto', label: 'Open by the hours', hint: 'Open and closed as the hours below say.' },
  { mode: 'open', label: 'Forced open', hint: 'Taking orders whatever the hours say.' },
  { mode: 'closed', label: 'Forced closed', hint: 'No new orders until you change this.' },
];
const FAILED = 'The change did not reach the server. Check the connection and try again.';
const DEFAULT_DAY: DayHours = { open: '11:00', close: '23:00' };

interface DayForm {
  closed: boolean;
  open: string;
  close: string;
}

/** The settings typed as text, in the registry's order (the hours have their own fieldset). */
const SETTINGS_FIELDS = settingFields(STORE_SETTINGS);

interface SettingsForm {
  hours: DayForm[];
  /** Each text field's text, by its name in the API. */
  texts: Record<string, string>;
}

function formOf(store: ApiStaffStore): SettingsForm {
  return {
    hours: store.hours.map((day) =>
      day ? { closed: false, ...day } : { closed: true, ...DEFAULT_DAY },
    ),
    texts: Object.fromEntries(SETTINGS_FIELDS.map((field) => [field.name, field.textOf(store)])),
  };
}

/** A close at or before the open runs past midnight (domain/hours.ts): say so beside the day. */
const pastMidnight = (day: DayForm) => !day.closed && day.close <= day.open;

/**
 * The store's controls: whether it takes orders (mode, a pause), its hours, fees, windows and
 * profile. The server checks every value and words what it refuses; we show its sentence.
 */
export default function StoreScreen() {
  const { store, setStore, admin } = useStaff();
  const notify = useNotice();
  const now = useNow(15_000);
  const saving = useMutation((changes: StoreSaveBody) => staffApi.saveStore(changes), {
    fallback: FAILED,
  });
  /** The fields a save that went through did not change (a server that does not know them). */
  const [ignored, setIgnored] = useState<string | null>(null);
  const busy = saving.pending;
  const problem = ignored ?? saving.problem;

  useEffect(() => {
    document.title = `Store · ${store.name}`;
  }, [store.name]);

  const save = async (changes: StoreSaveBody, done: string) => {
    setIgnored(null);
    const result = await saving.run(changes);
    if (!result.ok) return false;
    const saved = result.value;
    setStore(saved);
    // A server ignores fields it does not know yet (docs/api.md): "saved" is checked, not assumed.
    const missed = unsavedFields(STORE_SETTINGS, changes, saved).map((field) => field.noun);
    if (missed.length > 0) {
      const rest = missed.length < Object.keys(changes).length ? ' The rest is saved.' : '';
      setIgnored(`The server did not save ${missed.join(', ')}.${rest}`);
      return false;
    }
    notify(done, 'success');
    return true;
  };

  const paused = store.pauseUntil !== null && new Date(store.pauseUntil) > now;

  return (
    <div className="store-screen">
      <h1>Store</h1>
      {problem ? (
        <p className="detail-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <section className="store-panel" aria-labelledby="store-now">
        <h2 id="store-now">Taking orders</h2>
        <p className="store-open-now" data-testid="store-open-now">
          Customers see:{' '}
          <strong className={store.storeOpen ? 'is-open' : 'is-closed'}>
            {customersSee(store, now)}
          </strong>
        </p>
        <ModeForm key={store.mode} store={store} busy={busy} onSave={save} />
        <PauseForm
          paused={paused}
          pauseUntil={store.pauseUntil}
          now={now}
          busy={busy}
          onSave={save}
        />
      </section>
      <SettingsFormView key={JSON.stringify(store)} store={store} busy={busy} onSave={save} />
      {admin ? <MenuEditors store={store} busy={busy} onSave={save} /> : null}
      <ThisTablet />
    </div>
  );
}

type Save = (changes: StoreSaveBody, done: string) => Promise<boolean>;

function ModeForm({ store, busy, onSave }: { store: ApiStaffStore; busy: boolean; onSave: Save }) {
  const [mode, setMode] = useState<OpenMode>(store.mode);
  return (
    <form
      className="mode-form"
      onSubmit={(event) => {
        event.preventDefault();
        const label = MODES.find((each) => each.mode === mode)?.label ?? mode;
        void onSave({ mode }, `Mode saved: ${label}.`);
      }}
    >
      <fieldset>
        <legend>Mode</legend>
        <div className="mode-choices">
          {MODES.map((each) => (
            <label key={each.mode} className="mode-choice">
              <input
                type="radio"
                name="mode"
                value={each.mode}
                checked={mode === each.mode}
                onChange={() => setMode(each.mode)}
              />
              <span>
                <strong>{each.label}</strong>
                <span className="muted">{each.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="answer-primary" disabled={busy || mode === store.mode}>
        Save mode
      </button>
    </form>
  );
}

function PauseForm({
  paused,
  pauseUntil,
  now,
  busy,
  onSave,
}: {
  paused: boolean;
  pauseUntil: string | null;
  now: Date;
  busy: boolean;
  onSave: Save;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pause = (minutes: number) => {
    const until = new Date(Date.now() + minutes * 60_000);
    void onSave(
      { pauseUntil: until.toISOString() },
      `New orders paused until ${clockTime(until.toISOString(), now)}.`,
    );
  };
  return (
    <div className="pause-form">
      <h3>Pause new orders</h3>
      {paused && pauseUntil ? (
        <p className="store-paused" data-testid="store-paused">
          New orders are paused until <strong>{clockTime(pauseUntil, now)}</strong>.{' '}
          <button
            type="button"
            className="answer-primary"
            disabled={busy}
            onClick={() => void onSave({ pauseUntil: null }, 'Taking new orders again.')}
          >
            Resume
          </button>
        </p>
      ) : (
        <p className="muted">Customers cannot place orders while paused; the rest stays as is.</p>
      )}
      <div className="chips">
        {PAUSE_CHOICES.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className="chip"
            disabled={busy}
            onClick={() => pause(minutes)}
          >
            {minutes} min
          </button>
        ))}
      </div>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const minutes = Number(typed.trim());
          if (!/^\d+$/.test(typed.trim()) || minutes < 1 || minutes > MAX_PAUSE_MINUTES) {
            setProblem(
              `Type the minutes to pause as a whole number from 1 to ${MAX_PAUSE_MINUTES}.`,
            );
            return;
          }
          setProblem(null);
          pause(minutes);
        }}
      >
        <label htmlFor={inputId}>Or pause for (minutes)</label>
        <input
          id={inputId}
          inputMode="numeric"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="secondary" disabled={busy}>
          Pause
        </button>
        {problem ? (
          <p className="field-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </div>
  );
}

function SettingsFormView({
  store,
  busy,
  onSave,
}: {
  store: ApiStaffStore;
  busy: boolean;
  onSave: Save;
}) {
  const [form, setForm] = useState<SettingsForm>(() => formOf(store));
  const [nothing, setNothing] = useState(false);
  const setText = (name: string, value: string) =>
    setForm((current) => ({ ...current, texts: { ...current.texts, [name]: value } }));
  const setDay = (index: number, change: Partial<DayForm>) =>
    setForm((current) => ({
      ...current,
      hours: current.hours.map((day, each) => (each === index ? { ...day, ...change } : day)),
    }));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted: Record<string, unknown> = {
      hours: form.hours.map((day) => (day.closed ? null : { open: day.open, close: day.close })),
      ...Object.fromEntries(Object.entries(form.texts).map(([name, text]) => [name, text.trim()])),
    };
    // Only what was changed: a value left alone is never refused or overwritten by accident.
    const changes: StoreSaveBody = {};
    for (const { name } of unsavedFields(STORE_SETTINGS, wanted, store)) {
      Object.assign(changes, { [name]: wanted[name] });
    }
    if (Object.keys(changes).length === 0) {
      setNothing(true);
      return;
    }
    setNothing(false);
    void onSave(changes, 'Store settings saved. Customers see them now.');
  };

  return (
    <form className="store-panel settings-form" onSubmit={submit} aria-labelledby="store-hours">
      <h2 id="store-hours">Hours and settings</h2>
      <fieldset className="hours-table">
        <legend>Opening hours</legend>
        <p className="muted">A closing time at or before the opening time is after midnight.</p>
        {form.hours.map((day, index) => {
          const name = WEEKDAYS[index] ?? `Day ${index}`;
          return (
            <div className="hours-row" key={name} role="group" aria-label={name}>
              <span className="hours-day">{name}</span>
              <label className="hours-closed">
                <input
                  type="checkbox"
                  checked={day.closed}
                  onChange={(event) => setDay(index, { closed: event.target.checked })}
                />
                Closed
              </label>
              <label>
                Opens
                <input
                  type="time"
                  value={day.open}
                  disabled={day.closed}
                  required={!day.closed}
                  onChange={(event) => setDay(index, { open: event.target.value })}
                />
              </label>
              <label>
                Closes
                <input
                  type="time"
                  value={day.close}
                  disabled={day.closed}
                  required={!day.closed}
                  onChange={(event) => setDay(index, { close: event.target.value })}
                />
              </label>
              <span className="hours-note">{pastMidnight(day) ? 'closes after midnight' : ''}</span>
            </div>
          );
        })}
      </fieldset>
      <div className="settings-grid">
        {SETTINGS_FIELDS.map(({ name, input }) => (
          <Field
            key={name}
            className="settings-field"
            {...input}
            value={form.texts[name] ?? ''}
            onValue={(value) => setText(name, value)}
          />
        ))}
      </div>
      <button type="submit" className="answer-primary" disabled={busy}>
        Save settings
      </button>
      {nothing ? (
        <p className="muted" role="status">
          Nothing has changed: there is nothing to save.
        </p>
      ) : null}
    </form>
  );
}

/**
 * The admin's leave for the other staff to edit the menu (sold out and prices are everyone's
 * either way). Saved as it is ticked: one switch, nothing to fill in first.
 */
function MenuEditors({
  store,
  busy,
  onSave,
}: {
  store: ApiStaffStore;
  busy: boolean;
  onSave: Save;
}) {
  return (
    <section className="store-panel" aria-labelledby="store-menu-editors">
      <h2 id="store-menu-editors">Menu editing</h2>
      <label className="store-check">
        <input
          type="checkbox"
          checked={store.staffEditMenu}
          disabled={busy}
          onChange={(event) => {
            const allowed = event.target.checked;
            void onSave(
              { staffEditMenu: allowed },
              allowed ? 'Staff may now edit the menu.' : 'Only you can edit the menu now.',
            );
          }}
        />
        Staff may edit the menu
      </label>
    </section>
  );
}

/** Settings of this tablet only (kept in its browser), not of the store. */
function ThisTablet() {
  const [printOnAccept, setPrintOnAccept] = usePrintOnAccept();
  return (
    <section className="store-panel" aria-labelledby="store-tablet">
      <h2 id="store-tablet">This tablet</h2>
      <label className="store-check">
        <input
          type="checkbox"
          checked={printOnAccept}
          onChange={(event) => setPrintOnAccept(event.target.checked)}
        />
        Print a kitchen ticket when I accept an order
      </label>
    </section>
  );
}
