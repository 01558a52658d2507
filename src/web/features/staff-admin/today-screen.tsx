import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatMoney, toCents } from '../../../domain/money';
import type { ApiScheduledLater, ApiTodayReport } from '../../../domain/api-types';
import { isAbort } from '../../shared/api';
import { ErrorMessage, Loading } from '../../shared/ui';
import { Field } from '../../shared/field';
import { Announcer, failureText, useAnnouncement } from './admin-parts';
import { staffAdminApi } from './staff-admin-api';
import { firstOfMonth, storeDate, storeDay, storeTime } from './toronto-date';
import './staff-admin.css';

const REFRESH_MS = 60_000;
const UP_TO_DATE = "Today's numbers are up to date.";

/** "2 min 05 s", or "45 s" under a minute; a number never parts from its unit on a small tile. */
export function formatAcceptTime(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes > 0
    ? `${minutes}\u00a0min ${String(rest).padStart(2, '0')}\u00a0s`
    : `${rest}\u00a0s`;
}

interface ReportState {
  report: ApiTodayReport | null;
  /** When the shown report was loaded. */
  loadedAt: Date | null;
  error: unknown;
  loading: boolean;
}

/**
 * Today's report, asked for again every minute and on Refresh. A failed refresh keeps the
 * numbers on screen and says they could not be brought up to date.
 */
function useTodayReport() {
  const [state, setState] = useState<ReportState>({
    report: null,
    loadedAt: null,
    error: null,
    loading: true,
  });
  const controller = useRef<AbortController | null>(null);
  /** True when a fresh report arrived. */
  const refresh = useCallback(async (): Promise<boolean> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((before) => ({ ...before, loading: true }));
    try {
      const report = await staffAdminApi.today(current.signal);
      setState({ report, loadedAt: new Date(), error: null, loading: false });
      return true;
    } catch (error) {
      if (isAbort(error) || current.signal.aborted) return false;
      setState((before) => ({ ...before, error, loading: false }));
      return false;
    }
  }, []);
  useEffect(() => {
    void refresh();
    const timer = window.setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      controller.current?.abort();
    };
  }, [refresh]);
  return { ...state, refresh };
}

/** Today's numbers in big tiles, and the orders export for a range of days. */
export default function TodayScreen() {
  const { report, loadedAt, error, loading, refresh } = useTodayReport();
  // Only a Refresh someone asked for is read out; the minute's own refresh stays quiet.
  const [announcement, announce] = useAnnouncement();

  return (
    <section className="staff-admin today-admin" aria-labelledby="today-admin-title">
      <h1 id="today-admin-title" tabIndex={-1}>
        Today
      </h1>
      {report === null && error === null ? <Loading label="Loading today's numbers..." /> : null}
      {report === null && error !== null ? (
        <ErrorMessage onRetry={() => void refresh()}>
          {failureText(error, "We could not load today's numbers. Please try again.")}
        </ErrorMessage>
      ) : null}
      {report ? (
        <>
          <div className="today-bar">
            <Announcer text={announcement} />
            <p className="today-updated">
              {storeDay(new Date(`${report.date}T12:00:00Z`))}
              {loadedAt ? ` · updated ${storeTime(loadedAt)}` : ''}
              {loading ? ' · refreshing...' : ''}
            </p>
            <button
              type="button"
              className="secondary"
              aria-disabled={loading || undefined}
              onClick={() => {
                if (!loading) void refresh().then((fresh) => fresh && announce(UP_TO_DATE));
              }}
            >
              Refresh
            </button>
          </div>
          {error !== null ? (
            <p className="admin-note" role="alert">
              These numbers could not be brought up to date.{' '}
              {failureText(error, 'Please try Refresh again in a moment.')}
            </p>
          ) : null}
          <Tiles report={report} />
          <ScheduledLater orders={report.scheduledLater} />
        </>
      ) : null}
      <ExportForm />
    </section>
  );
}

function Tiles({ report }: { report: ApiTodayReport }) {
  const dollars = (amount: number) => formatMoney(toCents(amount));
  const acceptTime = (seconds: number | null) =>
    seconds === null ? '—' : formatAcceptTime(seconds);
  const noneAccepted = report.accepted === 0 ? 'No order accepted yet today.' : undefined;
  // Counted apart, never mixed (issue 31): what came in and what became of it, then the money
  // of the sold orders (accepted, not cancelled) by kind, then how fast the store answered.
  const tiles: { key: string; label: string; value: string; note?: string }[] = [
    { key: 'received', label: 'Orders received', value: String(report.received) },
    { key: 'accepted', label: 'Accepted', value: String(report.accepted) },
    { key: 'declined', label: 'Declined by staff', value: String(report.declined) },
    {
      key: 'missed',
      label: 'Missed',
      value: String(report.missed),
      note: 'Declined automatically: nobody answered in time.',
    },
    {
      key: 'cancelled',
      label: 'Cancelled',
      value: String(report.cancelled),
      note: 'Accepted, then cancelled.',
    },
    {
      key: 'food',
      label: 'Food sales',
      value: dollars(report.foodSales),
      note: 'Accepted orders, before HST, tips and delivery fees.',
    },
    { key: 'hst', label: 'HST collected', value: dollars(report.hst) },
    { key: 'tips', label: 'Tips', value: dollars(report.tips) },
    { key: 'fees', label: 'Delivery fees', value: dollars(report.deliveryFees) },
    {
      key: 'median',
      label: 'Median time to accept',
      value: acceptTime(report.medianAcceptSeconds),
      note: noneAccepted,
    },
    {
      key: 'slowest',
      label: 'Slowest time to accept',
      value: acceptTime(report.slowestAcceptSeconds),
      note: noneAccepted,
    },
  ];
  return (
    <dl className="today-tiles">
      {tiles.map((tile) => (
        <div
          key={tile.key}
          className={`today-tile${tile.key === 'missed' && report.missed > 0 ? ' is-alarm' : ''}`}
        >
          <dt>{tile.label}</dt>
          <dd className="today-value" data-testid={`today-${tile.key}`}>
            {tile.value}
          </dd>
          {tile.note ? <dd className="today-note">{tile.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * Orders placed today for a later day (issue 44): that day's business, so they are listed here
 * rather than counted in today's numbers, where an order for Monday would swell today's food.
 */
function ScheduledLater({ orders }: { orders: readonly ApiScheduledLater[] }) {
  const titleId = useId();
  if (orders.length === 0) return null;
  return (
    <section className="today-later" aria-labelledby={titleId} data-testid="today-later">
      <h2 id={titleId}>Placed today for a later day</h2>
      <p className="muted">Counted on the day they are for, not in the numbers above.</p>
      <ul>
        {orders.map((order) => {
          const at = new Date(order.scheduledFor);
          return (
            <li key={order.number}>
              <strong>#{order.number}</strong> for {storeDay(at)}, {storeTime(at)}:{' '}
              {formatMoney(toCents(order.total))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const FROM_AFTER_TO = 'The From date must be on or before the To date.';
const DATE_MISSING = 'Please choose both a From and a To date.';
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** From and To (this month so far by default) and the CSV of the orders placed in between. */
function ExportForm() {
  const [today] = useState(() => storeDate(new Date()));
  const [from, setFrom] = useState(() => firstOfMonth(today));
  const [to, setTo] = useState(today);
  const [shownError, setShownError] = useState<string | null>(null);
  const errorId = useId();

  const problem = !isDay(from) || !isDay(to) ? DATE_MISSING : from > to ? FROM_AFTER_TO : null;
  // A message shown stays until the dates are fixed, then goes.
  const error = shownError !== null && problem !== null ? problem : null;

  return (
    <section className="today-export" aria-labelledby="export-title">
      <h2 id="export-title">Export orders</h2>
      <div className="export-fields">
        <Field
          className="admin-field"
          label="From"
          type="date"
          value={from}
          max={to || undefined}
          onValue={setFrom}
          aria-invalid={error ? true : undefined}
        />
        <Field
          className="admin-field"
          label="To"
          type="date"
          value={to}
          min={from || undefined}
          onValue={setTo}
          aria-invalid={error ? true : undefined}
        />
        <a
          className="button"
          href={staffAdminApi.ordersCsvUrl(from, to)}
          download={`orders-${from}-to-${to}.csv`}
          aria-describedby={error ? errorId : undefined}
          onClick={(event) => {
            if (problem) {
              event.preventDefault();
              setShownError(problem);
            } else setShownError(null);
          }}
        >
          Download CSV
        </a>
      </div>
      <p id={errorId} className="admin-form-error" role="alert">
        {error}
      </p>
    </section>
  );
}
