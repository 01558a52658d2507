import { selectionPartText, selectionParts, type ApiOrderItem } from '../../../domain';
import { money } from './staff-format';

/**
 * One line: quantity and name, then its options as the cart described them (the domain's
 * `selectionParts`): size and flavour together, then each further part (a pizza's toppings,
 * the sides, the drinks) on a line of its own.
 */
export function OrderItemLines({ item }: { item: ApiOrderItem }) {
  const parts = selectionParts(item);
  const options = parts.filter((part) => part.kind === 'size' || part.kind === 'flavor');
  const rest = parts.filter((part) => !options.includes(part));
  return (
    <div className="detail-item">
      <p className="detail-item-head">
        <span className="detail-item-qty">{item.quantity} ×</span>{' '}
        <span className="detail-item-name">{item.productId.name}</span>
        <span className="detail-item-price">{money(item.totalPrice)}</span>
      </p>
      {options.length > 0 ? <p>{options.map(selectionPartText).join(' · ')}</p> : null}
      {rest.map((part, index) => (
        // Parts have no id of their own: their place in the line is what names them.
        <p key={index}>{selectionPartText(part)}</p>
      ))}
      {item.quantity > 1 ? <p className="muted">{money(item.priceByQuantity)} each</p> : null}
    </div>
  );
}
