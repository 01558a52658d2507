import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '../../shared/field';
import { urls } from '../../shared/urls';
import { useMutation } from '../../shared/use-mutation';
import { accountApi } from './account-api';
import { AccountScreen, FormError } from './form-parts';
import './account.css';

/**
 * "Forgot password?": asks for the mail with a link to set a new password. The server answers the
 * same sentence for every email (it never says whether one has an account); it is shown as sent.
 */
export default function ForgotPasswordScreen() {
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const asking = useMutation((typed: string) => accountApi.forgotPassword(typed), {
    fallback: 'We could not send the link. Please try again.',
  });
  const error = asking.problem;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (asking.pending) return;
    setSent(null);
    const result = await asking.run(email.trim());
    if (result.ok) setSent(result.value.message);
  };

  return (
    <AccountScreen title="Forgot password">
      <p className="account-intro">
        Enter the email you sign in with. We will send it a link to set a new password.
      </p>
      <form
        className="account-form"
        onSubmit={(event) => void onSubmit(event)}
        aria-describedby={error ? errorId : undefined}
      >
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onValue={setEmail}
        />
        <FormError id={errorId} message={error} />
        {/* Always in the page, so the sentence is announced when it arrives. */}
        <p className="form-status" role="status">
          {sent}
        </p>
        <div className="form-actions">
          <button type="submit" className="primary" disabled={asking.pending}>
            Send the link
          </button>
        </div>
      </form>
      <p className="account-switch">
        Remembered it? <Link to={urls.login()}>Login</Link>
      </p>
    </AccountScreen>
  );
}
