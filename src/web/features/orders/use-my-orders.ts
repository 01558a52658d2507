import { useEffect, useMemo, useRef, useState } from 'react';
import { useLoaderData } from 'react-router';
import type { ErrorCode } from '../../../domain/error-codes';
import { ApiError } from '../../shared/api';
import { openOrderEvents } from '../../shared/orders/order-events';
import type { ApiOrder, ApiOrderEvent } from '../../shared/types';
import { useLiveList, type LiveHandlers } from '../../shared/use-live-list';
import type { MyOrdersData } from './my-orders-loader';
import { ordersApi } from './orders-api';
import { changeAnnouncement, newOrderAnnouncement, statusText } from './order-format';

/** Gathers a burst of events (an answer, then another tab's order) into one request. */
const REFRESH_DELAY_MS = 250;

export type OrdersFailure = { code: ErrorCode; message: string };

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
 * The signed-in customer's orders, kept live (shared/use-live-list.ts). The route's loader
 * brings the first list; every event of the customer's stream (an answer, a status, an order
 * placed in another tab) asks for the list again, a moment later so a burst is one request, and
 * so does each (re)connection, which starts from the server's position. The list on screen is
 * replaced only by a newer one, never by "Loading..." or an error: a failed refresh keeps it
 * (marked stale), with the events applied to it. A fresh loader answer (the shell revalidates
 * every minute) is taken too.
 */
export function useMyOrders(userId: string, sessionChecked: boolean) {
  const data = useLoaderData<MyOrdersData>();
  // The loader read the stored user; a list for anyone else is not this customer's.
  const fromLoader = data.userId === userId ? data : null;
  // A stored user whose session has ended would only be refused: wait for the server's word.
  const open = useMemo(
    () =>
      sessionChecked
        ? (handlers: LiveHandlers<ApiOrderEvent>) => openOrderEvents(userId, handlers)
        : null,
    [userId, sessionChecked],
  );
  const live = useLiveList({
    initial: fromLoader && { list: fromLoader.orders, failure: fromLoader.failure },
    load: (signal) => ordersApi.list(userId, signal),
    open,
    apply: (orders: ApiOrder[] | null, event: ApiOrderEvent) => orders && applyEvent(orders, event),
    describe: failureOf,
    reloadDelayMs: REFRESH_DELAY_MS,
  });
  const [seenData, setSeenData] = useState(data);
  if (data !== seenData) {
    setSeenData(data);
    const fresh = fromLoader?.orders;
    if (fresh) live.replace(fresh);
  }

  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    await live.reload();
    setRetrying(false);
  };

  const announcement = useStatusAnnouncement(live.list);

  return {
    orders: live.list,
    failure: live.failure,
    retry,
    retrying,
    connected: live.connected,
    announcement,
  };
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
      if (was === undefined) return [newOrderAnnouncement(order)];
      return was === statusText(order) ? [] : [changeAnnouncement(order)];
    });
    if (changes.length > 0) setAnnouncement(changes.join(' '));
  }, [orders]);
  return announcement;
}
