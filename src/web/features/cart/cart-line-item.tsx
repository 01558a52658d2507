import { formatMoney, MAX_QUANTITY, MIN_QUANTITY } from '../../../domain';
import { AllergenNote } from '../../shared/allergen-note';
import { refusalReason } from '../../shared/api';
import { useNotice } from '../../shared/notices';
import { useMutation } from '../../shared/use-mutation';
import { useCart } from '../../shared/cart/cart-context';
import type { CartLine } from '../../shared/cart/cart-lines';
import type { UndoRemove } from '../../shared/cart/cart-store';

/**
 * One cart line: what it is, its options in words, what it contains, what changed since it was added, quantity
 * (−/+), Remove and its price. A removal is handed to the screen with its Undo.
 */
export function CartLineItem({
  line,
  onRemoved,
}: {
  line: CartLine;
  onRemoved: (line: CartLine, undo: UndoRemove) => void;
}) {
  const { setQuantity, remove } = useCart();
  const notify = useNotice();
  const updating = useMutation((action: () => Promise<void>) => action(), {
    fallback: 'We could not update your cart. Please try again.',
  });
  const busy = updating.pending;

  const run = async (action: () => Promise<void>) => {
    const result = await updating.run(action);
    if (!result.ok && result.error) {
      console.warn('Cart update failed', result.error);
      notify(
        'We could not update your cart. Please try again.',
        'error',
        refusalReason(result.error),
      );
    }
  };

  return (
    <li className="cart-line" aria-label={line.name}>
      {line.image ? (
        <img className="cart-line-image" src={line.image} width="96" height="72" alt="" />
      ) : (
        <span className="cart-line-image" />
      )}
      <div className="cart-line-body">
        <h2 className="cart-line-name">{line.name}</h2>
        {line.description ? <p className="cart-line-options">{line.description}</p> : null}
        <AllergenNote allergens={line.allergens} marks={line.marks} testId="line-allergens" />
        {!line.available ? <p className="error-message">No longer available.</p> : null}
        {line.notice ? <p className="cart-line-notice">{line.notice}</p> : null}
      </div>
      <p className="cart-line-price price" data-testid="line-price">
        {line.lineTotal !== null ? formatMoney(line.lineTotal) : '—'}
      </p>
      <div className="cart-line-controls">
        <div className="stepper" role="group" aria-label={`Quantity of ${line.name}`}>
          <button
            type="button"
            aria-label={`Decrease quantity of ${line.name}`}
            disabled={busy || line.quantity <= MIN_QUANTITY}
            onClick={() => void run(() => setQuantity(line.id, line.quantity - 1))}
          >
            −
          </button>
          <output aria-live="polite" data-testid="line-quantity">
            {line.quantity}
          </output>
          <button
            type="button"
            aria-label={`Increase quantity of ${line.name}`}
            disabled={busy || line.quantity >= MAX_QUANTITY}
            onClick={() => void run(() => setQuantity(line.id, line.quantity + 1))}
          >
            +
          </button>
        </div>
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              onRemoved(line, await remove(line.id));
            })
          }
        >
          Remove<span className="visually-hidden"> {line.name}</span>
        </button>
      </div>
    </li>
  );
}
