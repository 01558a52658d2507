import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input: the label is a real <label>, so tapping it focuses the field. */
export function Field({
  label,
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </>
  );
}

/**
 * The last failure, kept next to the form after the notice fades. Not a live region itself: the
 * notice (role=alert) already announces it, and announcing twice would talk over itself.
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} className="form-error" hidden={!message}>
      {message}
    </p>
  );
}
