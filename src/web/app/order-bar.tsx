import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  DEFAULT_STORE_CONTACT,
  apiOrderTimesInput,
  customerTimeText,
  isInFlight,
  type ApiOrder,
  type ApiOrderEvent,
} from '../../domain';
import {
  answerOf,
  answerText,
  WaitingDialog,
  type Answer,
} from '../features/checkout/waiting-dialog';
import { readWaiting, writeWaiting } from '../features/checkout/waiting-state';
import { ordersApi } from '../features/orders/orders-api';
import { isAbort } from '../shared/api';
import { inFlightText, publishInFlight } from '../shared/orders/in-flight';
import { knownOrder, type KnownOrder } from '../shared/orders/known-order';
import { openOrderEvents } from '../shared/orders/order-events';
import { useStoreInfo } from '../shared/store-info';
import { urls } from '../shared/urls';
import { useNow } from '../shared/use-now';
import './order-bar.css';

/** Several events come together (accepted, then a status): one list request after them. */
const REFRESH_DELAY_MS = 300;

type Permission = NotificationPermission | 'unsupported';
const notificationPermission = (): Permission =>
  'Notification' in window ? Notification.permission : 'unsupported';

/**
 * The customer's orders in flight on every screen of the shell, while this browser knows of
 * one (`shared/orders/known-order.ts`; the shell loads this chunk only then): a compact bar with
 * the newest one's state, linking to My Orders, live from the customer's stream. The store's
 * answer to the order placed here comes as the spec's dialog on whatever screen is open (in
 * every tab; OK in one is OK in all), and on Payment, the tab that placed it waits behind the
 * spec's blocking overlay. With the tab in the background the answer is also a system
 * notification, once the customer has allowed them by a tap on the bar.
 */
export default function OrderBar({ known }: { known: KnownOrder }) {
  const { userId, orderId, number, answerSeen } = known;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { info } = useStoreInfo();
  const now = useNow(60_000);
  const [orders, setOrders] = useState<ApiOrder[] | null>(null);
  const [heard, setHeard] = useState<Answer | null>(null);
  const [connected, setConnected] = useState<boolean | null>(null);
  const [permission, setPermission] = useState<Permission>(notificationPermission);

  const request = useRef<AbortController | null>(null);
  const refresh = useEffectEvent(() => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    ordersApi.list(userId, controller.signal).then(setOrders, (error: unknown) => {
      // The bar keeps what it showed; the next event or reconnection asks again.
      if (!isAbort(error)) console.warn('Could not load the orders in flight', error);
    });
  });

  const onEvent = useEffectEvent((event: ApiOrderEvent) => {
    if (event.orderId === orderId && event.type === 'order-accepted') {
      const scheduled = orders?.find((order) => order._id === orderId)?.scheduleTime != null;
      setHeard(
        (before) =>
          before ?? {
            kind: 'accepted',
            minutes: event.time,
            readyAt: event.readyAt ?? null,
            scheduled,
            // The order's own times need the order: the answer below words them once it is here.
            when: null,
          },
      );
    } else if (event.orderId === orderId && event.type === 'order-declined') {
      setHeard((before) => before ?? { kind: 'declined', reason: event.reason });
    }
  });

  useEffect(() => {
    let timer: number | undefined;
    const close = openOrderEvents(userId, {
      onEvent: (event) => {
        onEvent(event);
        window.clearTimeout(timer);
        timer = window.setTimeout(() => refresh(), REFRESH_DELAY_MS);
      },
      // Every (re)connection: whatever happened while the page was away is in the list.
      onReady: () => refresh(),
      onConnection: setConnected,
    });
    return () => {
      close();
      window.clearTimeout(timer);
      request.current?.abort();
    };
  }, [userId]);

  const inFlight = useMemo(
    () => orders?.filter((order) => isInFlight(order.status)) ?? null,
    [orders],
  );
  useEffect(() => {
    publishInFlight(inFlight);
  }, [inFlight]);
  useEffect(() => () => publishInFlight(null), []);

  const placed = orders?.find((order) => order._id === orderId);
  // The answer is news while it is the order's latest state (not once it is ready or gone).
  // An event heard before the list came cannot know the order was scheduled; the list can.
  const answer = useMemo<Answer | null>(() => {
    if (heard?.kind === 'accepted' && placed) {
      const readyAt = heard.readyAt ?? placed.readyAt;
      return {
        ...heard,
        scheduled: placed.scheduleTime !== null,
        when: customerTimeText(apiOrderTimesInput({ ...placed, readyAt }), new Date()),
      };
    }
    if (heard) return heard;
    return placed && (placed.status === 'accepted' || placed.status === 'declined')
      ? answerOf(placed)
      : null;
  }, [heard, placed]);
  const waitingHere = pathname === urls.payment() && readWaiting(userId)?.orderId === orderId;
  const dialogOpen = !answerSeen && (answer !== null || waitingHere);

  // Nothing left to show or to say: the shell stops loading this bar.
  const settled = orders !== null && inFlight?.length === 0 && !dialogOpen;
  useEffect(() => {
    if (settled) knownOrder.forget();
  }, [settled]);

  const notified = useRef(false);
  useEffect(() => {
    if (!answer || answerSeen || notified.current || permission !== 'granted') return;
    if (document.visibilityState !== 'hidden') return;
    notified.current = true;
    const body = answerText(answer);
    const note = new Notification(
      answer.kind === 'accepted' ? `Order #${number} confirmed` : `Order #${number} declined`,
      { body, tag: orderId },
    );
    note.onclick = () => window.focus();
  }, [answer, answerSeen, permission, number, orderId]);

  const done = () => {
    knownOrder.answerSeen(orderId);
    if (readWaiting(userId)?.orderId === orderId) writeWaiting(null);
    // The spec: after the answer, the customer goes to My Orders.
    void navigate(urls.myOrders());
  };

  const shown = inFlight?.[0];
  const text = shown ? inFlightText(shown, now) : orders === null ? `Order #${number}` : null;
  return (
    <>
      {text ? (
        <aside className="order-bar" aria-label="Your order">
          <Link to={urls.myOrders()} className="order-bar-link">
            <span className="order-bar-text" data-testid="order-bar-text">
              {text}
            </span>
            {inFlight && inFlight.length > 1 ? (
              <span className="order-bar-more">+{inFlight.length - 1} more</span>
            ) : null}
          </Link>
          {/* Worth asking while the answer is still to come; asked on this tap only. */}
          {permission === 'default' && !answerSeen && answer === null ? (
            <button
              type="button"
              className="order-bar-notify"
              title="Notify me when the store answers"
              onClick={() => {
                void Notification.requestPermission().then(setPermission);
              }}
            >
              {/* A bell on a phone, where the order's line needs the room; its words from 900 px. */}
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
                />
              </svg>
              <span className="order-bar-notify-text">Notify me</span>
            </button>
          ) : null}
        </aside>
      ) : null}
      {dialogOpen ? (
        <WaitingDialog
          number={number}
          answer={answer}
          connected={connected}
          storePhone={info?.phone ?? DEFAULT_STORE_CONTACT.phone}
          onDone={done}
        />
      ) : null}
    </>
  );
}
