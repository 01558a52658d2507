import { useId } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../../domain';

/** Quantity, at least 1; the Super Bowl combo shows its fixed quantity instead. */
export function QuantityField({
  value,
  fixed,
  invalid,
  onChange,
}: {
  value: string;
  fixed: boolean;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  if (fixed) return <p className="fixed-quantity">Quantity: 1 (one per order)</p>;
  return (
    <div className="quantity-field">
      <label htmlFor={id}>Quantity</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={MIN_QUANTITY}
        max={MAX_QUANTITY}
        step={1}
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {invalid ? (
        <p id={`${id}-error`} className="error-message">
          Enter a quantity from {MIN_QUANTITY} to {MAX_QUANTITY}.
        </p>
      ) : null}
    </div>
  );
}
