import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import {
  CHECKOUT_MESSAGES,
  orderAcceptedMessage,
  orderDeclinedMessage,
  readyAtText,
  scheduledOrderAcceptedMessage,
} from '../../../domain';
import { isAbort } from '../../shared/api';
import { openOrderEvents } from '../../shared/orders/order-events';
import type { ApiOrder, ApiOrderEvent } from '../../shared/types';
import { checkoutApi } from './checkout-api';
import type { WaitingOrder } from './waiting-state';
import { useModalDialog } from '../../shared/modal-dialog';

type Answer =
  | { kind: 'accepted'; minutes: number; readyAt: string | null; scheduled: boolean }
  | { kind: 'declined'; reason: string };

/** The accepted alert: the spec's minutes, or a scheduled order's confirmed time. */
function acceptedText(answer: Extract<Answer, { kind: 'accepted' }>): string {
  return answer.scheduled && answer.readyAt
    ? scheduledOrderAcceptedMessage(readyAtText(new Date(answer.readyAt), true, new Date()))
    : orderAcceptedMessage(answer.minutes);
}

/** The store's answer as an order already shows it (the answer came while we were away). */
function answerOf(order: ApiOrder): Answer | null {
  if (order.status === 'pending') return null;
  if (order.status === 'declined') {
    return { kind: 'declined', reason: order.declineReason ?? 'unable to take this order' };
  }
  if (order.readyMinutes !== null) {
    return {
      kind: 'accepted',
      minutes: order.readyMinutes,
      readyAt: order.readyAt,
      scheduled: order.scheduleTime !== null,
    };
  }
  return null;
}

/**
 * The spec's blocking overlay after Place My Order: 'Waiting for Order Confirmation...', do not
 * refresh or close, call the store if it takes too long. The answer arrives on the customer's
 * live stream, which replays what a reload or a dropped connection missed; each (re)connection
 * also asks for the order itself, so an answer given while the page was away is never lost.
 * The answer replaces the waiting text (the spec's alert, announced), and OK leads to My Orders.
 *
 * A native modal <dialog>: the page behind is inert and focus stays inside. It cannot be
 * dismissed while waiting, only by OK once the store has answered.
 */
export function WaitingDialog({
  waiting,
  storePhone,
  onDone,
}: {
  waiting: WaitingOrder;
  storePhone: string;
  onDone: () => void;
}) {
  const id = useId();
  const { ref: dialog, leaving } = useModalDialog();
  const okButton = useRef<HTMLButtonElement>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [connected, setConnected] = useState<boolean | null>(null);

  useEffect(() => {
    if (answer) okButton.current?.focus();
  }, [answer]);

  const onEvent = useEffectEvent((event: ApiOrderEvent) => {
    if (event.orderId !== waiting.orderId || answer) return;
    if (event.type === 'order-accepted') {
      setAnswer({
        kind: 'accepted',
        minutes: event.time,
        readyAt: event.readyAt ?? null,
        scheduled: waiting.scheduled === true,
      });
    } else if (event.type === 'order-declined')
      setAnswer({ kind: 'declined', reason: event.reason });
  });

  const check = useRef<AbortController | null>(null);
  const checkOrder = useEffectEvent(() => {
    check.current?.abort();
    const controller = new AbortController();
    check.current = controller;
    checkoutApi.orders(waiting.userId, controller.signal).then(
      (orders) => {
        const order = orders.find((each) => each._id === waiting.orderId);
        const found = order ? answerOf(order) : null;
        if (found) setAnswer((before) => before ?? found);
      },
      (error: unknown) => {
        if (!isAbort(error)) console.warn('Could not check the order', error);
      },
    );
  });

  useEffect(() => {
    const close = openOrderEvents(waiting.userId, {
      onEvent: (event) => onEvent(event),
      onReady: () => checkOrder(),
      onConnection: setConnected,
    });
    return () => {
      close();
      check.current?.abort();
    };
  }, [waiting.userId]);

  const tel = `tel:${storePhone.replace(/[^\d+]/g, '')}`;
  return (
    <dialog
      ref={dialog}
      className="waiting-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      closedby="none"
      onCancel={(event) => event.preventDefault()}
      onClose={() => {
        // Escape without recent user activation can still close it: open it again.
        const node = dialog.current;
        if (!leaving.current && node?.isConnected && !node.open) node.showModal();
      }}
    >
      {answer ? (
        <>
          <h2 id={`${id}-title`}>
            {answer.kind === 'accepted' ? 'Order confirmed' : 'Order declined'}
          </h2>
          <div id={`${id}-body`} role="alert">
            <p data-testid="order-answer">
              {answer.kind === 'accepted'
                ? acceptedText(answer)
                : orderDeclinedMessage(answer.reason)}
            </p>
          </div>
          <button ref={okButton} type="button" className="primary" onClick={onDone}>
            OK
          </button>
        </>
      ) : (
        <>
          <div className="waiting-spinner" aria-hidden="true" />
          <h2 id={`${id}-title`}>{CHECKOUT_MESSAGES.waiting}</h2>
          <div id={`${id}-body`}>
            <p>
              The store is confirming your order #{waiting.number}. Please do not refresh or close
              this page.
            </p>
            <p>
              If it takes too long, please call the store at{' '}
              <a href={tel} className="waiting-phone">
                {storePhone}
              </a>
              .
            </p>
          </div>
          <p className="waiting-connection" role="status">
            {connected === false ? 'Connection lost. Reconnecting...' : ''}
          </p>
        </>
      )}
    </dialog>
  );
}
