import { useId } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../../domain';

/**
 * Quantity, at least 1, typed or stepped with − and + (big targets for thumbs); the Super Bowl
 * combo shows its fixed quantity instead.
 */
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
  const current = Number.parseInt(value, 10);
  const step = (by: number) => {
    const base = Number.isFinite(current) ? current : MIN_QUANTITY - by;
    onChange(String(Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, base + by))));
  };
  return (
    <div className="quantity-field">
      <label htmlFor={id}>Quantity</label>
      <div className="quantity-stepper">
        <button
          type="button"
          aria-label="One fewer"
          aria-controls={id}
          disabled={Number.isFinite(current) && current <= MIN_QUANTITY}
          onClick={() => step(-1)}
        >
          −
        </button>
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
        <button
          type="button"
          aria-label="One more"
          aria-controls={id}
          disabled={Number.isFinite(current) && current >= MAX_QUANTITY}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="error-message">
          Enter a quantity from {MIN_QUANTITY} to {MAX_QUANTITY}.
        </p>
      ) : null}
    </div>
  );
}
