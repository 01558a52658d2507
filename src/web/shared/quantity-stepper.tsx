import { useId } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../domain';
import './quantity-stepper.css';

/**
 * A quantity as − [n] +: the buttons step by one within MIN_QUANTITY..MAX_QUANTITY, and the
 * number stays a field people can type in. The value is the field's text, not a number, so a
 * screen can tell blank or 0 from a real quantity when it checks on add (the spec's alert).
 * Every target is 44 px. The field's label is "Quantity of {itemName}" (hidden unless
 * `showLabel`), the buttons "Decrease quantity of {itemName}" / "Increase ...", so a list of
 * steppers reads unambiguously.
 */
export function QuantityStepper({
  itemName,
  value,
  onChange,
  disabled = false,
  invalid = false,
  describedBy,
  showLabel = false,
}: {
  itemName: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the texts that explain the field (an error message, a hint). */
  describedBy?: string;
  showLabel?: boolean;
}) {
  const id = useId();
  const current = Number.parseInt(value, 10);
  const known = Number.isFinite(current);
  const atMin = known && current <= MIN_QUANTITY;
  const atMax = known && current >= MAX_QUANTITY;
  const step = (by: number) => {
    // From a blank field either button lands on the first quantity.
    const base = known ? current : MIN_QUANTITY - by;
    onChange(String(Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, base + by))));
  };
  // At a limit the button says so (aria-disabled) but keeps the focus: a disabled button would
  // drop a keyboard user's focus to the page on the press that reached the limit.
  const stepButton = (by: -1 | 1, limit: boolean) => (
    <button
      type="button"
      className="qty-step"
      aria-label={`${by < 0 ? 'Decrease' : 'Increase'} quantity of ${itemName}`}
      aria-controls={id}
      aria-disabled={limit || undefined}
      disabled={disabled}
      onClick={() => {
        if (!limit) step(by);
      }}
    >
      <span aria-hidden="true">{by < 0 ? '−' : '+'}</span>
    </button>
  );
  return (
    <div className="qty">
      <label htmlFor={id} className={showLabel ? 'qty-label' : 'visually-hidden'}>
        Quantity<span className={showLabel ? 'visually-hidden' : undefined}> of {itemName}</span>
      </label>
      <div className="qty-stepper">
        {stepButton(-1, atMin)}
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          step={1}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        {stepButton(1, atMax)}
      </div>
    </div>
  );
}
