import { useId, type ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../domain';
import { Field } from '../../shared/field';
import { FormError } from './form-parts';

/**
 * The form of Login, Register, Forgot password and Set a new password: the screen's fields, its
 * failure said next to the button (and read with the form), then the one submit button. A press
 * while `busy` does nothing, so a double click sends one request.
 */
export function AuthForm({
  submitLabel,
  busy,
  error,
  onSubmit,
  afterError,
  children,
}: {
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: () => Promise<void>;
  /** Between the failure and the button: what belongs with the failure (a status, a way on). */
  afterError?: ReactNode;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <form
      className="account-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void onSubmit();
      }}
      aria-describedby={error ? errorId : undefined}
    >
      {children}
      <FormError id={errorId} message={error} />
      {afterError}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** A field's text and its setter, as `Field` takes them. */
interface Typed {
  value: string;
  onValue: (value: string) => void;
}

/** The email an account signs in with. */
export function EmailField({ value, onValue }: Typed) {
  return (
    <Field
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onValue={onValue}
    />
  );
}

/** A password being chosen (Register, Set a new password), with the registration's rule as hint. */
export function NewPasswordField({ label, value, onValue }: Typed & { label: string }) {
  return (
    <Field
      label={label}
      type="password"
      name="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      value={value}
      onValue={onValue}
    />
  );
}
