import { useId, type ReactNode, type Ref } from 'react';

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
