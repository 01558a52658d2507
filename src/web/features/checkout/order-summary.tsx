import { useId } from 'react';
import { formatMoney, HST_PERCENT, toCents } from '../../../domain';
import { serverLineNotice } from '../../shared/cart/cart-lines';
import type { ApiCartView } from '../../shared/types';

/**
 * The spec's Order Summary: each line's image, name, quantity and line total; then subtotal,
 * HST, tip, the delivery fee (delivery only, when above 0) and the total. Every figure is the
 * server's, priced by the domain engine.
 */
export function OrderSummary({ cart }: { cart: ApiCartView }) {
  const id = useId();
  const delivery = cart.deliveryType === 'delivery';
  return (
    <section className="checkout-section order-summary" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Order Summary</h2>
      <ul className="summary-lines" aria-label="Items in your order">
        {cart.items.map((item) => {
          const notice = serverLineNotice(item);
          return (
            <li key={item._id} className="summary-line">
              {item.productId.image ? (
                <img src={item.productId.image} width="64" height="48" alt="" loading="lazy" />
              ) : (
                <span className="summary-image" />
              )}
              <div className="summary-line-body">
                <p className="summary-line-name">{item.productId.name}</p>
                {item.description ? (
                  <p className="summary-line-options">{item.description}</p>
                ) : null}
                <p className="summary-line-qty">Qty {item.quantity}</p>
                {notice ? <p className="summary-line-notice">{notice}</p> : null}
              </div>
              <p className="price summary-line-price">{formatMoney(toCents(item.totalPrice))}</p>
            </li>
          );
        })}
      </ul>
      <dl className="summary-figures">
        <Row label="Subtotal" dollars={cart.subtotal} testId="pay-subtotal" />
        <Row label={`HST ${HST_PERCENT}%`} dollars={cart.hst} testId="pay-hst" />
        <Row label={`Tip (${cart.tipPercent}%)`} dollars={cart.tip} testId="pay-tip" />
        {delivery && cart.deliveryFee > 0 ? (
          <Row label="Delivery fee" dollars={cart.deliveryFee} testId="pay-delivery" />
        ) : null}
        <Row label="Total" dollars={cart.totalPrice} testId="pay-total" total />
      </dl>
    </section>
  );
}

function Row({
  label,
  dollars,
  testId,
  total = false,
}: {
  label: string;
  dollars: number;
  testId: string;
  total?: boolean;
}) {
  return (
    <div className={total ? 'figure total' : 'figure'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatMoney(toCents(dollars))}</dd>
    </div>
  );
}
