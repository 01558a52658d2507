import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'>;

/**
 * A labelled text field, the one markup of every account form: a real <label> (tapping it
 * focuses the field), an optional hint tied to the field, and the value as a plain string.
 */
export function Field({
  label,
  hint,
  value,
  onValue,
  ...input
}: InputProps & {
  label: string;
  /** Shown under the field and read with it (aria-describedby). */
  hint?: ReactNode;
  value: string;
  onValue: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox inside its label ('Set as Default', a contact card's 'Default'). */
export function CheckboxField({
  label,
  checked,
  onChecked,
}: {
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) {
  return (
    <label className="checkbox-label">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
      />
      {label}
    </label>
  );
}

/** The frame of Login, Register and Manage Contacts: a labelled section with the screen's h1. */
export function AccountScreen({
  title,
  headingRef,
  children,
}: {
  title: string;
  /** Lets a screen put focus back on its heading (e.g. after deleting what had it). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="account-screen" aria-labelledby={id}>
      <h1 id={id} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * The form's failure, next to the button that caused it: the one place it is said (no toast
 * repeats it). A live region that stays in the page, so each new message is announced.
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className="form-error" role="alert">
      {message}
    </p>
  );
}
