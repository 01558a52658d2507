import { useId } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../../domain';
import { QuantityStepper } from '../../shared/quantity-stepper';

/**
 * Quantity, at least 1, typed or stepped with − and + (the shared stepper of the Beverages and
 * Sides rows); the Super Bowl combo shows its fixed quantity instead.
 */
export function QuantityField({
  itemName,
  value,
  fixed,
  invalid,
  onChange,
}: {
  itemName: string;
  value: string;
  fixed: boolean;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const errorId = useId();
  if (fixed) return <p className="fixed-quantity">Quantity: 1 (one per order)</p>;
  return (
    <div className="quantity-field" data-field="quantity">
      <QuantityStepper
        itemName={itemName}
        value={value}
        onChange={onChange}
        invalid={invalid}
        describedBy={invalid ? errorId : undefined}
        showLabel
      />
      {invalid ? (
        <p id={errorId} className="error-message">
          Enter a quantity from {MIN_QUANTITY} to {MAX_QUANTITY}.
        </p>
      ) : null}
    </div>
  );
}
