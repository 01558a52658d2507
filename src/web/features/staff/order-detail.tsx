import { useId, useState, type SubmitEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  ACCEPT_MINUTE_CHOICES,
  DECLINE_REASON_CHOICES,
  DEFAULT_PREP_MINUTES,
  formatPhone,
  MAX_DECLINE_REASON_LENGTH,
  MAX_READY_MINUTES,
  MIN_READY_MINUTES,
  apiOrderTimesInput,
  orderDeclinedMessage,
  paymentText,
  stepOpensAt,
  stepsOffered,
  type ApiStaffOrder,
  type OrderStatus,
} from '../../../domain';
import { isApiError } from '../../shared/api';
import { useMutation } from '../../shared/use-mutation';
import { useNotice } from '../../shared/notices';
import { useStaff } from './staff-context';
import { staffApi } from './staff-api';
import {
  clockTime,
  fullTime,
  itemCount,
  mapLink,
  money,
  plural,
  STATUS_LABELS,
  statusClass,
  statusLabel,
  STEP_LABELS,
  telLink,
} from './staff-format';
import { KitchenTicket } from './kitchen-ticket';
import { OrderItemLines } from './order-item-lines';
import { readPrintOnAccept } from './print-setting';
import { useModalDialog } from '../../shared/modal-dialog';

const FAILED = 'The answer did not reach the server. Check the connection and try again.';

interface Answer {
  send: () => Promise<ApiStaffOrder>;
  done: (order: ApiStaffOrder) => string;
  print?: boolean;
}

/**
 * An order in full, in a native modal <dialog>: focus moves in and stays inside, Escape closes
 * it, and the board puts focus back on the order's card. The order shown is the board's live
 * copy, so another tablet's answer appears here too. The answers offered come from the domain's
 * transition table (`nextSteps`), never from a list of our own.
 */
export function OrderDetail({
  order,
  now,
  onClose,
}: {
  order: ApiStaffOrder;
  now: Date;
  onClose: () => void;
}) {
  const titleId = useId();
  const { ref: dialog } = useModalDialog();
  const { board, store } = useStaff();
  const notify = useNotice();
  /** Sends one answer; a 409 means another tablet answered first: say so and reload. */
  const answering = useMutation(
    async ({ send, done, print = false }: Answer) => {
      const updated = await send().catch((error: unknown) => {
        if (isApiError(error, 'invalid_transition', 'not_found')) board.reload();
        throw error;
      });
      board.put(updated);
      notify(done(updated), 'success');
      if (print) {
        // The ticket (rendered from the board's copy) shows the accepted order after a frame.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        window.print();
      }
      onClose();
    },
    { fallback: FAILED },
  );
  const answer = (each: Answer) => void answering.run(each);
  const busy = answering.pending;

  const times = apiOrderTimesInput(order);
  const steps = stepsOffered({ ...times, status: order.status }, now);
  // A delivery days ahead is not sent out by mistake: its button comes at the kitchen's start.
  const outFrom =
    order.deliveryType === 'delivery' &&
    order.status === 'accepted' &&
    !steps.includes('out-for-delivery')
      ? stepOpensAt(times, 'out-for-delivery')
      : null;
  const delivery = order.deliveryType === 'delivery';

  return (
    <dialog
      ref={dialog}
      className="order-detail"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-order-id={order._id}
    >
      <div className="order-detail-head">
        <h2 id={titleId}>Order #{order.number}</h2>
        <span className={`detail-status ${statusClass(order)}`} data-testid="detail-status">
          {statusLabel(order)}
        </span>
        <button type="button" className="secondary" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="order-detail-body">
        <div className="order-detail-info">
          <dl className="detail-facts">
            <div>
              <dt>Placed</dt>
              <dd>{clockTime(order.createdAt, now)}</dd>
            </div>
            <div>
              <dt>Customer</dt>
              <dd data-testid="detail-customer">{order.customer.name}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={telLink(order.contactInfo.phone)}>
                  {formatPhone(order.contactInfo.phone)}
                </a>
              </dd>
            </div>
            <div>
              <dt>{delivery ? 'Delivery to' : 'Pickup'}</dt>
              <dd>
                {delivery ? (
                  <a href={mapLink(order.contactInfo.address)} target="_blank" rel="noreferrer">
                    {order.contactInfo.address}
                  </a>
                ) : (
                  'At the store'
                )}
              </dd>
            </div>
            <div>
              <dt>When</dt>
              <dd>
                {order.scheduleTime ? (
                  <strong className="scheduled-badge">
                    Scheduled for {fullTime(order.scheduleTime, now)}
                  </strong>
                ) : (
                  'As soon as possible'
                )}
              </dd>
            </div>
            {order.readyAt ? (
              <div>
                <dt>Ready by</dt>
                <dd>{fullTime(order.readyAt, now)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Payment</dt>
              {/* The receipt's words: the order knows whether it is picked up or delivered. */}
              <dd>{paymentText(order.paymentOption, order.deliveryType)}</dd>
            </div>
            {order.declineReason ? (
              <div>
                <dt>Declined</dt>
                <dd>{order.declineReason}</dd>
              </div>
            ) : null}
            {order.cancelReason ? (
              <div>
                <dt>Cancelled</dt>
                <dd>{order.cancelReason}</dd>
              </div>
            ) : null}
          </dl>
          {order.instructions ? (
            <div className="detail-instructions">
              <h3>Instructions</h3>
              <p data-testid="detail-instructions">{order.instructions}</p>
            </div>
          ) : null}
          <h3>{plural(itemCount(order), 'item')}</h3>
          <ul className="detail-items" aria-label={`Items in order #${order.number}`}>
            {order.items.map((item) => (
              <li key={item._id}>
                <OrderItemLines item={item} />
              </li>
            ))}
          </ul>
          <dl className="detail-totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{money(order.subtotal)}</dd>
            </div>
            <div>
              <dt>HST</dt>
              <dd>{money(order.hst)}</dd>
            </div>
            <div>
              <dt>Tip ({order.tipPercent}%)</dt>
              <dd>{money(order.tip)}</dd>
            </div>
            {delivery ? (
              <div>
                <dt>Delivery fee</dt>
                <dd>{money(order.deliveryFee)}</dd>
              </div>
            ) : null}
            <div className="detail-total">
              <dt>Total</dt>
              <dd data-testid="detail-total">{money(order.totalPrice)}</dd>
            </div>
          </dl>
          {order.steps.length > 0 ? (
            <>
              <h3>History</h3>
              <ol className="detail-steps">
                {order.steps.map((step) => (
                  <li key={`${step.status}-${step.at}`}>
                    {step.status === 'pending' ? 'Placed' : STATUS_LABELS[step.status]} at{' '}
                    {clockTime(step.at, now)}
                    {step.by
                      ? ` by ${step.by.name}`
                      : step.status === 'pending'
                        ? ''
                        : ' (automatic)'}
                    {step.minutes !== undefined ? `, ${step.minutes} minutes` : ''}
                    {step.reason ? `: ${step.reason}` : ''}
                  </li>
                ))}
                {order.missedDismissal ? (
                  <li>
                    Missed order dismissed at {clockTime(order.missedDismissal.at, now)}
                    {order.missedDismissal.by ? ` by ${order.missedDismissal.by.name}` : ''}
                  </li>
                ) : null}
              </ol>
            </>
          ) : null}
        </div>
        <div className="order-detail-actions">
          {answering.problem ? (
            <p className="detail-problem" role="alert">
              {answering.problem}
            </p>
          ) : null}
          {steps.length === 0 ? (
            <p className="muted">This order is finished: nothing more to do.</p>
          ) : null}
          {steps.includes('accepted') ? (
            <AcceptForm
              busy={busy}
              scheduledFor={order.scheduleTime ? fullTime(order.scheduleTime, now) : null}
              onAccept={(minutes) =>
                answer({
                  send: () => staffApi.accept(order._id, minutes),
                  done: (done) =>
                    order.scheduleTime
                      ? `Order #${done.number} accepted for ${fullTime(order.scheduleTime, now)}.`
                      : `Order #${done.number} accepted: ready in about ${String(minutes)} minutes.`,
                  print: readPrintOnAccept(),
                })
              }
            />
          ) : null}
          {steps.includes('declined') ? (
            <ReasonForm
              kind="declined"
              busy={busy}
              onSend={(reason) =>
                answer({
                  send: () => staffApi.decline(order._id, reason),
                  done: (done) => `Order #${done.number} declined.`,
                })
              }
            />
          ) : null}
          <StepButtons
            steps={steps.filter(
              (step) => step !== 'accepted' && step !== 'declined' && step !== 'cancelled',
            )}
            busy={busy}
            onStep={(status) =>
              answer({
                send: () => staffApi.advance(order._id, status),
                done: (done) => `Order #${done.number}: ${STATUS_LABELS[status]}.`,
              })
            }
          />
          {outFrom ? (
            <p className="muted" data-testid="detail-out-from">
              Out for delivery from {fullTime(outFrom.toISOString(), now)}, when the kitchen starts
              it.
            </p>
          ) : null}
          {steps.includes('cancelled') ? (
            <ReasonForm
              kind="cancelled"
              busy={busy}
              onSend={(reason) =>
                answer({
                  send: () => staffApi.advance(order._id, 'cancelled', reason),
                  done: (done) => `Order #${done.number} cancelled.`,
                })
              }
            />
          ) : null}
        </div>
      </div>
      {createPortal(
        <KitchenTicket order={order} now={now} storeName={store.name} />,
        document.body,
      )}
    </dialog>
  );
}

/**
 * Accept with the minutes until ready. A scheduled order is ready at its time, confirmed: the
 * minutes are then the kitchen's prep time, optional (the domain's default), saying when to start.
 */
function AcceptForm({
  busy,
  scheduledFor,
  onAccept,
}: {
  busy: boolean;
  /** The scheduled time in words, or null for as soon as possible. */
  scheduledFor: string | null;
  onAccept: (minutes: number | null) => void;
}) {
  const inputId = useId();
  const [minutes, setMinutes] = useState<string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const typed = minutes.trim();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (scheduledFor !== null && typed === '') {
      setProblem(null);
      onAccept(null);
      return;
    }
    const value = Number(typed);
    if (!/^\d+$/.test(typed) || value < MIN_READY_MINUTES || value > MAX_READY_MINUTES) {
      setProblem(
        scheduledFor !== null
          ? `Leave the prep time empty for ${DEFAULT_PREP_MINUTES} minutes, or type a whole number from ${MIN_READY_MINUTES} to ${MAX_READY_MINUTES}.`
          : `Choose the minutes until ready, or type a whole number from ${MIN_READY_MINUTES} to ${MAX_READY_MINUTES}.`,
      );
      return;
    }
    setProblem(null);
    onAccept(value);
  };
  return (
    <form className="answer-form accept-form" onSubmit={submit} aria-label="Accept the order">
      <fieldset>
        <legend>
          {scheduledFor !== null
            ? `Accept for ${scheduledFor}: prep time (optional, ${DEFAULT_PREP_MINUTES} min if empty)`
            : 'Accept: ready in'}
        </legend>
        <div className="chips">
          {ACCEPT_MINUTE_CHOICES.map((choice) => (
            <button
              key={choice}
              type="button"
              className="chip"
              aria-pressed={minutes === String(choice)}
              onClick={() => setMinutes(String(choice))}
            >
              {choice} min
            </button>
          ))}
        </div>
        <label htmlFor={inputId}>Or type the minutes</label>
        <input
          id={inputId}
          inputMode="numeric"
          pattern="[0-9]*"
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
        />
        {problem ? (
          <p id={`${inputId}-problem`} className="field-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className="answer-primary" disabled={busy}>
        {scheduledFor !== null
          ? typed
            ? `Accept for ${scheduledFor}, prep ${typed} min`
            : `Accept for ${scheduledFor}`
          : typed
            ? `Accept, ready in ${typed} min`
            : 'Accept'}
      </button>
    </form>
  );
}

/** Decline (before accepting) or cancel (after): a reason the customer reads in their message. */
function ReasonForm({
  kind,
  busy,
  onSend,
}: {
  kind: 'declined' | 'cancelled';
  busy: boolean;
  onSend: (reason: string) => void;
}) {
  const inputId = useId();
  const [reason, setReason] = useState('');
  const [open, setOpen] = useState(kind === 'declined');
  const [problem, setProblem] = useState<string | null>(null);
  const trimmed = reason.trim();
  const label = kind === 'declined' ? 'Decline' : 'Cancel order';
  if (!open) {
    return (
      <button type="button" className="answer-danger" onClick={() => setOpen(true)}>
        {STEP_LABELS.cancelled}...
      </button>
    );
  }
  return (
    <form
      className="answer-form reason-form"
      aria-label={kind === 'declined' ? 'Decline the order' : 'Cancel the order'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed) {
          setProblem(`Choose or type a reason before you ${label.toLowerCase()}.`);
          return;
        }
        setProblem(null);
        onSend(trimmed);
      }}
    >
      <fieldset>
        <legend>
          {kind === 'declined' ? 'Decline: the store is currently' : 'Cancel: reason'}
        </legend>
        <div className="chips">
          {DECLINE_REASON_CHOICES.map((choice) => (
            <button
              key={choice}
              type="button"
              className="chip"
              aria-pressed={trimmed === choice}
              onClick={() => setReason(choice)}
            >
              {choice}
            </button>
          ))}
        </div>
        <label htmlFor={inputId}>Or type the reason</label>
        <input
          id={inputId}
          value={reason}
          maxLength={MAX_DECLINE_REASON_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
        {kind === 'declined' && trimmed ? (
          <p className="reason-preview" data-testid="decline-preview">
            The customer reads: {orderDeclinedMessage(trimmed)}
          </p>
        ) : null}
        {problem ? (
          <p className="field-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className="answer-danger" disabled={busy}>
        {label}
      </button>
    </form>
  );
}

function StepButtons({
  steps,
  busy,
  onStep,
}: {
  steps: readonly OrderStatus[];
  busy: boolean;
  onStep: (status: OrderStatus) => void;
}) {
  if (steps.length === 0) return null;
  return (
    <div className="step-buttons">
      {steps.map((step) => (
        <button
          key={step}
          type="button"
          className="answer-primary"
          disabled={busy}
          onClick={() => onStep(step)}
        >
          {STEP_LABELS[step]}
        </button>
      ))}
    </div>
  );
}
