import { formatMoney } from '../../../domain';

/** The price as chosen so far, from the domain engine (cents), announced as it changes. */
export function PriceLine({
  unit,
  line,
  quantity,
}: {
  unit: number;
  line: number;
  quantity: number;
}) {
  return (
    <p className="item-price" aria-live="polite" aria-atomic="true">
      <span className="item-price-label">Price: </span>
      <span className="price" data-testid="item-price">
        {formatMoney(line)}
      </span>
      {quantity > 1 ? (
        <span className="unit-price">
          {' '}
          ({quantity} × {formatMoney(unit)})
        </span>
      ) : null}
    </p>
  );
}
