import { useId, type ReactNode } from 'react';

interface OptionGroupProps {
  legend: string;
  /** Radio group name; unique per screen. */
  name: string;
  options: readonly string[];
  value: string | undefined;
  onChange: (value: string) => void;
  /** The option as shown, when it differs from the value sent (a size's words). */
  label?: (option: string) => string;
  /** Extra text after an option's label, e.g. a surcharge. */
  note?: (option: string) => ReactNode;
  disabled?: boolean;
  /** An option that cannot be chosen now (sold out), unless it is the one chosen. */
  unavailable?: (option: string) => boolean;
  /** The choice it is (`data-field`), so Add to Cart can take the customer to it. */
  field?: string;
}

/** A set of radio buttons in a fieldset: one choice, keyboard usable with the arrow keys. */
export function OptionGroup({
  legend,
  name,
  options,
  value,
  onChange,
  label,
  note,
  disabled,
  unavailable,
  field,
}: OptionGroupProps) {
  const id = useId();
  return (
    <fieldset className="option-group" disabled={disabled} data-field={field}>
      <legend>{legend}</legend>
      <div className="option-list">
        {options.map((option, index) => (
          <label key={option} className="option" htmlFor={`${id}-${index}`}>
            <input
              type="radio"
              id={`${id}-${index}`}
              name={`${id}-${name}`}
              value={option}
              checked={value === option}
              disabled={value !== option && unavailable?.(option)}
              onChange={() => onChange(option)}
            />
            <span className="option-text">
              <span>{label ? label(option) : option}</span>
              {note?.(option) ? <span className="option-note">{note(option)}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
