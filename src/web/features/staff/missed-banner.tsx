import { formatPhone, type ApiStaffOrder } from '../../../domain';
import { isApiError } from '../../shared/api';
import { useMutation } from '../../shared/use-mutation';
import { useStaff } from './staff-context';
import { staffApi } from './staff-api';
import { clockTime, telLink } from './staff-format';

const FAILED = 'The dismissal did not reach the server. Check the connection and try again.';

/**
 * Orders the acceptance window ran out on, still to be seen to: the customer was told the store
 * could not confirm, so someone should call them. It stays on every tablet until someone
 * dismisses it; the dismissal is the server's (who, when), and every board hears it on the
 * staff stream.
 */
export function MissedBanner({ orders, now }: { orders: readonly ApiStaffOrder[]; now: Date }) {
  const { board } = useStaff();
  const dismissing = useMutation(
    async (order: ApiStaffOrder) => board.put(await staffApi.dismissMissed(order._id)),
    { fallback: FAILED },
  );
  if (orders.length === 0) return null;

  const dismiss = async (order: ApiStaffOrder) => {
    const result = await dismissing.run(order);
    if (!result.ok && isApiError(result.error, 'invalid_transition', 'not_found')) board.reload();
  };
  const problem = dismissing.problem;

  return (
    <section className="missed-banner" aria-labelledby="missed-banner-title">
      <h2 id="missed-banner-title">
        {orders.length === 1
          ? 'Missed order: call the customer'
          : 'Missed orders: call the customers'}
      </h2>
      <ul>
        {orders.map((order) => (
          <li key={order._id} data-missed-id={order._id}>
            <span>
              <strong>#{order.number}</strong> {order.customer.name},{' '}
              <a href={telLink(order.contactInfo.phone)} className="missed-phone">
                {formatPhone(order.contactInfo.phone)}
              </a>{' '}
              <span className="missed-when">
                (not answered in time, declined at{' '}
                {clockTime(order.steps.at(-1)?.at ?? order.createdAt, now)})
              </span>
            </span>
            <button
              type="button"
              className="secondary"
              disabled={dismissing.pending}
              onClick={() => void dismiss(order)}
            >
              Dismiss<span className="visually-hidden"> missed order #{order.number}</span>
            </button>
          </li>
        ))}
      </ul>
      {problem ? (
        <p className="missed-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
