import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLoaderData } from 'react-router';
import type { ErrorCode } from '../../../domain/error-codes';
import { ApiError, isAbort } from '../../shared/api';
import { openOrderEvents } from '../../shared/orders/order-events';
import type { ApiOrder, ApiOrderEvent } from '../../shared/types';
import type { MyOrdersData } from './my-orders-loader';
import { ordersApi } from './orders-api';
import { changeAnnouncement, statusText } from './order-format';

/** Gathers a burst of events (an answer, then another tab's order) into one request. */
const REFRESH_DELAY_MS = 250;

export type OrdersFailure = { code: ErrorCode; message: string };

interface ListState {
  /** The last list that loaded; null until one has. */
  orders: ApiOrder[] | null;
  /** Why the last request failed; null after a success. */
  failure: OrdersFailure | null;
}

function failureOf(error: unknown): OrdersFailure {
  return error instanceof ApiError
    ? { code: error.code, message: error.message }
    : { code: 'internal', message: 'Something went wrong on our side.' };
}

/**
 * What an event says about its order, for when the list could not be asked for again: the card
 * still changes, with what the event carries (the ready time is then in minutes).
 */
function applyEvent(orders: ApiOrder[], event: ApiOrderEvent): ApiOrder[] {
  return orders.map((order) => {
    if (order._id !== event.orderId) return order;
    switch (event.type) {
      case 'order-accepted':
        return {
          ...order,
          status: 'accepted',
          isOrderConfirmed: true,
          readyMinutes: event.time,
          readyAt: event.readyAt ?? null,
        };
      case 'order-declined':
        return {
          ...order,
          status: 'declined',
          isOrderConfirmed: true,
          declineReason: event.reason,
        };
      case 'order-status':
        return {
          ...order,
          status: event.status,
          isOrderConfirmed: event.status !== 'pending',
          ...(event.status === 'cancelled' ? { cancelReason: event.reason ?? null } : {}),
        };
      case 'order-created':
        return order;
    }
  });
}

/**
 * The signed-in customer's orders, kept live. The route's loader brings the first list; every
 * event of the customer's stream (an answer, a status, an order placed in another tab) asks for
 * the list again, a moment later so a burst is one request. The list on screen is replaced only
 * by a newer one, never by "Loading..." or an error: a failed refresh keeps it (marked stale),
 * with the events applied to it. A fresh loader answer (the shell revalidates every minute) is
 * taken too.
 */
export function useMyOrders(userId: string, sessionChecked: boolean) {
  const data = useLoaderData<MyOrdersData>();
  // The loader read the stored user; a list for anyone else is not this customer's.
  const fromLoader = data.userId === userId ? data : null;
  const [list, setList] = useState<ListState>(() => ({
    orders: fromLoader?.orders ?? null,
    failure: fromLoader?.failure ?? null,
  }));
  const [needsFirstLoad] = useState(fromLoader === null);
  const [seenData, setSeenData] = useState(data);
  if (data !== seenData) {
    setSeenData(data);
    const fresh = fromLoader?.orders;
    if (fresh) setList({ orders: fresh, failure: null });
  }

  const [retrying, setRetrying] = useState(false);
  /** Events not yet reflected in a list from the server. */
  const pending = useRef<ApiOrderEvent[]>([]);
  const generation = useRef(0);
  const controller = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    const taken = pending.current.length;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    try {
      const orders = await ordersApi.list(userId, current.signal);
      if (mine !== generation.current) return;
      pending.current.splice(0, taken);
      setList({ orders, failure: null });
    } catch (error) {
      if (isAbort(error) || mine !== generation.current) return;
      const events = pending.current.splice(0);
      setList((before) => ({
        orders: before.orders && events.reduce(applyEvent, before.orders),
        failure: failureOf(error),
      }));
    }
  }, [userId]);

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (needsFirstLoad) void refresh();
  }, [needsFirstLoad, refresh]);

  const timer = useRef<number | undefined>(undefined);
  const scheduleRefresh = useEffectEvent(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void refresh(), REFRESH_DELAY_MS);
  });
  const onEvent = useEffectEvent((event: ApiOrderEvent) => {
    pending.current.push(event);
    scheduleRefresh();
  });

  const [connected, setConnected] = useState<boolean | null>(null);
  useEffect(() => {
    // A stored user whose session has ended would only be refused: wait for the server's word.
    if (!sessionChecked) return;
    const close = openOrderEvents(userId, {
      onEvent: (event) => onEvent(event),
      // Each (re)connection starts from the server's position: anything between the list's
      // load and that moment is asked for once more.
      onReady: () => scheduleRefresh(),
      onConnection: setConnected,
    });
    return () => {
      close();
      window.clearTimeout(timer.current);
    };
  }, [userId, sessionChecked]);

  const retry = async () => {
    setRetrying(true);
    await refresh();
    setRetrying(false);
  };

  const announcement = useStatusAnnouncement(list.orders);

  return { ...list, retry, retrying, connected, announcement };
}

/**
 * A sentence for the page's polite live region whenever a badge changes (or an order appears)
 * after the first list: a screen reader hears the store's answer without losing its place.
 */
function useStatusAnnouncement(orders: ApiOrder[] | null): string {
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    if (!orders) return;
    const before = previous.current;
    previous.current = new Map(orders.map((order) => [order._id, statusText(order)]));
    if (!before) return;
    const changes = orders.flatMap((order) => {
      const was = before.get(order._id);
      if (was === undefined) return [`New order #${order.number}: ${statusText(order)}.`];
      return was === statusText(order) ? [] : [changeAnnouncement(order)];
    });
    if (changes.length > 0) setAnnouncement(changes.join(' '));
  }, [orders]);
  return announcement;
}
