import { useEffect, useId, useRef } from 'react';
import {
  CHECKOUT_MESSAGES,
  formatPhone,
  orderAcceptedMessage,
  orderDeclinedMessage,
  apiOrderTimesInput,
  customerTimeText,
  scheduledOrderAcceptedMessage,
} from '../../../domain';
import type { ApiOrder } from '../../shared/types';
import { useModalDialog } from '../../shared/modal-dialog';
import './waiting-dialog.css';

export type Answer =
  | {
      kind: 'accepted';
      minutes: number;
      readyAt: string | null;
      scheduled: boolean;
      /** The order's time in the customer's words (`customerTimeText`); null until known. */
      when: string | null;
    }
  | { kind: 'declined'; reason: string };

/**
 * The store's answer in the spec's words: the accepted alert with its minutes (a scheduled
 * order's with its confirmed time instead, a delivery's at the door), or the declined alert
 * with the reason.
 */
export function answerText(answer: Answer): string {
  if (answer.kind === 'declined') return orderDeclinedMessage(answer.reason);
  return answer.scheduled && answer.when
    ? scheduledOrderAcceptedMessage(answer.when)
    : orderAcceptedMessage(answer.minutes);
}

/** The store's answer as an order already shows it (the answer came while we were away). */
export function answerOf(order: ApiOrder): Answer | null {
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
      when: customerTimeText(apiOrderTimesInput(order), new Date()),
    };
  }
  return null;
}

/**
 * The spec's blocking overlay after Place My Order: 'Waiting for Order Confirmation...', do not
 * refresh or close, call the store if it takes too long; then the store's answer in its place
 * (the spec's alert, announced), dismissed by OK. The order bar (app/order-bar.tsx) shows it:
 * waiting on Payment, and the answer on whatever screen the customer is on when it comes.
 *
 * A native modal <dialog>: the page behind is inert and focus stays inside. It cannot be
 * dismissed while waiting, only by OK once the store has answered.
 */
export function WaitingDialog({
  number,
  answer,
  connected,
  storePhone,
  onDone,
}: {
  number: number;
  answer: Answer | null;
  /** The live stream: connected, lost (reconnecting) or not yet known. */
  connected: boolean | null;
  storePhone: string;
  onDone: () => void;
}) {
  const id = useId();
  const { ref: dialog, leaving } = useModalDialog();
  const okButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (answer) okButton.current?.focus();
  }, [answer]);

  const tel = `tel:${storePhone.replace(/[^\d+]/g, '')}`;
  return (
    <dialog
      ref={dialog}
      className="waiting-dialog"
      aria-labelledby={answer ? `${id}-order ${id}-title` : `${id}-title`}
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
          {/*
           * The answer can arrive over any screen, one about another order included (Payment
           * showing the next order in flight, My Orders): it names the order it is about.
           */}
          <p id={`${id}-order`} className="waiting-order" data-testid="answer-order">
            Order #{number}
          </p>
          <h2 id={`${id}-title`}>
            {answer.kind === 'accepted' ? 'Order confirmed' : 'Order declined'}
          </h2>
          <div id={`${id}-body`} role="alert">
            <p data-testid="order-answer">{answerText(answer)}</p>
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
              The store is confirming your order #{number}. Please do not refresh or close this
              page.
            </p>
            <p>
              If it takes too long, please call the store at{' '}
              <a href={tel} className="waiting-phone">
                {formatPhone(storePhone)}
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
