import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { isOpenOrder, storeDate, type ApiStaffOrder } from '../../../domain';
import { ErrorMessage, Loading } from '../../shared/ui';
import { MissedBanner } from './missed-banner';
import { PauseBanner } from './pause-banner';
import { DoneCard, OrderCard, ScheduledCard } from './order-card';
import { OrderDetail } from './order-detail';
import { useStaff } from './staff-context';
import { lastChange, plural, prepStart } from './staff-format';
import { useNow } from '../../shared/use-now';

/** The working columns, left to right: each a lane of order cards, oldest first. */
const WORKING_LANES = [
  { id: 'new', orders: 'fresh', title: 'New', empty: 'No new orders.' },
  { id: 'kitchen', orders: 'kitchen', title: 'In the kitchen', empty: 'Nothing cooking.' },
  { id: 'ready', orders: 'ready', title: 'Ready / Out for delivery', empty: 'Nothing waiting.' },
] as const;

const byPlaced = (a: ApiStaffOrder, b: ApiStaffOrder) => a.createdAt.localeCompare(b.createdAt);

/**
 * The live board: New, In the kitchen, Ready / Out for delivery and Done today, with orders
 * for later in their own Scheduled lane, by time, until their prep time comes. Oldest first in the
 * working columns (the longest waiting is on top), newest first in Done today.
 */
export default function BoardScreen() {
  const { board } = useStaff();
  const now = useNow(1_000);
  const [openId, setOpenId] = useState<string | null>(null);
  const cards = useRef(new Map<string, HTMLButtonElement>());

  const lanes = useMemo(() => {
    const all = [...(board.orders?.values() ?? [])];
    const today = storeDate(now);
    // Scheduled orders wait in their own lane, by time, until it is time to start them: new
    // ones still to answer too (they ring as new), accepted ones then go to the kitchen.
    const scheduled: { order: ApiStaffOrder; startAt: Date }[] = [];
    const kitchen: ApiStaffOrder[] = [];
    const fresh: ApiStaffOrder[] = [];
    for (const order of all.sort(byPlaced)) {
      if (order.status !== 'pending' && order.status !== 'accepted') continue;
      const start = prepStart(order);
      if (start && start > now) scheduled.push({ order, startAt: start });
      else if (order.status === 'pending') fresh.push(order);
      else kitchen.push(order);
    }
    scheduled.sort((a, b) =>
      (a.order.scheduleTime ?? '').localeCompare(b.order.scheduleTime ?? ''),
    );
    return {
      missed: all.filter((each) => each.missed && !each.missedDismissal).sort(byPlaced),
      fresh,
      scheduled,
      kitchen,
      ready: all
        .filter((each) => each.status === 'ready' || each.status === 'out-for-delivery')
        .sort(byPlaced),
      done: all
        .filter(
          (each) => !isOpenOrder(each.status) && storeDate(new Date(lastChange(each))) === today,
        )
        .sort((a, b) => lastChange(b).localeCompare(lastChange(a))),
    };
  }, [board.orders, now]);

  const unseenIds = useMemo(() => new Set(board.unseen.map((each) => each._id)), [board.unseen]);
  const { markOpened } = board;
  const open = useCallback(
    (order: ApiStaffOrder) => {
      markOpened(order._id);
      setOpenId(order._id);
    },
    [markOpened],
  );
  const close = useCallback(() => {
    const id = openId;
    setOpenId(null);
    // Back to the card that opened it; one that moved column is still the same button.
    if (id) window.setTimeout(() => cards.current.get(id)?.focus(), 0);
  }, [openId]);
  const cardRef = (id: string) => (node: HTMLButtonElement | null) => {
    if (node) cards.current.set(id, node);
    else cards.current.delete(id);
  };

  if (board.orders === null) {
    return board.loadFailure ? (
      <ErrorMessage onRetry={board.reload}>{board.loadFailure}</ErrorMessage>
    ) : (
      <Loading label="Loading orders..." />
    );
  }
  const opened = openId ? board.orders.get(openId) : undefined;
  const card = (order: ApiStaffOrder) => (
    <li key={order._id}>
      <OrderCard
        order={order}
        now={now}
        unseen={unseenIds.has(order._id)}
        onOpen={open}
        buttonRef={cardRef(order._id)}
      />
    </li>
  );

  return (
    <div className="board" data-testid="board">
      <h1 className="visually-hidden">Orders</h1>
      {board.loadFailure ? <p className="board-warning">{board.loadFailure}</p> : null}
      <PauseBanner now={now} />
      <MissedBanner orders={lanes.missed} now={now} />
      {lanes.scheduled.length > 0 ? (
        <Lane id="scheduled" title="Scheduled" count={lanes.scheduled.length} wide>
          {lanes.scheduled.map(({ order, startAt }) =>
            order.status === 'pending' ? (
              card(order)
            ) : (
              <li key={order._id}>
                <ScheduledCard
                  order={order}
                  now={now}
                  startAt={startAt}
                  onOpen={open}
                  buttonRef={cardRef(order._id)}
                />
              </li>
            ),
          )}
        </Lane>
      ) : null}
      <div className="board-columns">
        {WORKING_LANES.map(({ id, orders, title, empty }) => (
          <Lane key={id} id={id} title={title} count={lanes[orders].length} empty={empty}>
            {lanes[orders].map(card)}
          </Lane>
        ))}
        <Lane id="done" title="Done today" count={lanes.done.length} empty="None yet today.">
          {lanes.done.map((order) => (
            <li key={order._id}>
              <DoneCard order={order} now={now} onOpen={open} buttonRef={cardRef(order._id)} />
            </li>
          ))}
        </Lane>
      </div>
      {opened ? <OrderDetail order={opened} now={now} onClose={close} /> : null}
    </div>
  );
}

function Lane({
  id,
  title,
  count,
  empty,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const headingId = `lane-${id}`;
  return (
    <section
      className={`lane lane-${id}${wide ? ' is-wide' : ''}`}
      aria-labelledby={headingId}
      data-lane={id}
    >
      <h2 id={headingId}>
        {title}{' '}
        <span className="lane-count" aria-hidden="true">
          {count}
        </span>
        <span className="visually-hidden">, {plural(count, 'order')}</span>
      </h2>
      {count === 0 ? (
        <p className="lane-empty">{empty}</p>
      ) : (
        <ul className="lane-list" aria-labelledby={headingId}>
          {children}
        </ul>
      )}
    </section>
  );
}
