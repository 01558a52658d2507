import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'>;

/**
 * The one labelled text field of every form: a real <label> (tapping it focuses the field), an
 * optional hint, and the field's own error (aria-invalid), both read with the field
 * (aria-describedby). The error is not a live region: the form's alert already says it once.
 * `className` is the screen's own (`admin-field`, `settings-field`) beside the shared `field`.
 */
export function Field({
  label,
  hint,
  error,
  value,
  onValue,
  inputRef,
  className,
  ...input
}: InputProps & {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
        aria-invalid={error ? true : undefined}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
