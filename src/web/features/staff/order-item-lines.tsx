import { selectionPartText, selectionParts, type ApiOrderItem } from '../../../domain';
import { containsText } from '../../../domain/allergens';
import { money } from './staff-format';

/**
 * One line: quantity and name, then its options as the cart described them (the domain's
 * `selectionParts`): size and flavour together, then each further part (a pizza's toppings,
 * the sides, the drinks) on a line of its own, and what it contains.
 */
export function OrderItemLines({ item }: { item: ApiOrderItem }) {
  const parts = selectionParts(item);
  const options = parts.filter((part) => part.kind === 'size' || part.kind === 'flavor');
  const rest = parts.filter((part) => !options.includes(part));
  // As placed (the order's copy); a line placed before allergens were kept says nothing.
  const contains = containsText(item.allergens ?? []);
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
      {contains ? <p className="detail-allergens">{contains}</p> : null}
      {item.quantity > 1 ? <p className="muted">{money(item.priceByQuantity)} each</p> : null}
    </div>
  );
}
