import { useId, useState } from 'react';
import { formatMoney, HST_PERCENT, TIP_PERCENTS, type CartTotals } from '../../../domain';
import { refusalReason } from '../../shared/api';
import { useNotice } from '../../shared/notices';
import { useCart } from '../../shared/cart/cart-context';

/**
 * Subtotal, HST, the tip choice, the delivery fee (delivery only) and the total, in cents, as
 * the domain engine computes them for the order type chosen (see useOrderFigures).
 */
export function CartSummary({
  figures,
  feeUnknown,
}: {
  figures: CartTotals;
  /** Delivery, but the store's fee could not be loaded: say it comes at checkout. */
  feeUnknown: boolean;
}) {
  const { setTip } = useCart();
  const notify = useNotice();
  const id = useId();
  // Shown at once while the server records the choice.
  const [pendingTip, setPendingTip] = useState<number | null>(null);
  const chosen = pendingTip ?? figures.tipPercent;

  const chooseTip = async (percent: number) => {
    setPendingTip(percent);
    try {
      await setTip(percent);
    } catch (error) {
      console.warn('Tip update failed', error);
      notify('We could not update the tip. Please try again.', 'error', refusalReason(error));
    } finally {
      setPendingTip(null);
    }
  };

  return (
    <section className="cart-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Order summary</h2>
      <fieldset className="tip-choice">
        <legend>Tip</legend>
        <div className="tip-options">
          {TIP_PERCENTS.map((percent) => (
            <label key={percent} className="tip-option" htmlFor={`${id}-tip-${percent}`}>
              <input
                type="radio"
                id={`${id}-tip-${percent}`}
                name={`${id}-tip`}
                value={percent}
                checked={chosen === percent}
                onChange={() => void chooseTip(percent)}
              />
              <span>{percent}%</span>
            </label>
          ))}
        </div>
      </fieldset>
      <dl className="cart-figures" aria-live="polite">
        <Row label="Subtotal" cents={figures.subtotal} testId="cart-subtotal" />
        <Row label={`HST (${HST_PERCENT}%)`} cents={figures.hst} testId="cart-hst" />
        <Row label={`Tip (${figures.tipPercent}%)`} cents={figures.tip} testId="cart-tip" />
        {figures.deliveryFee > 0 ? (
          <Row label="Delivery fee" cents={figures.deliveryFee} testId="cart-delivery" />
        ) : null}
        <Row label="Total" cents={figures.total} testId="cart-total" total />
      </dl>
      {feeUnknown ? <p className="cart-fee-note">The delivery fee is added at checkout.</p> : null}
    </section>
  );
}

function Row({
  label,
  cents,
  testId,
  total = false,
}: {
  label: string;
  cents: number;
  testId: string;
  total?: boolean;
}) {
  return (
    <div className={total ? 'figure total' : 'figure'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatMoney(cents)}</dd>
    </div>
  );
}
