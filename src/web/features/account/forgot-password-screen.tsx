import { useState } from 'react';
import { Link } from 'react-router';
import { urls } from '../../shared/urls';
import { useMutation } from '../../shared/use-mutation';
import { accountApi } from './account-api';
import { AuthForm, EmailField } from './auth-form';
import { AccountScreen } from './form-parts';
import './account.css';

/**
 * "Forgot password?": asks for the mail with a link to set a new password. The server answers the
 * same sentence for every email (it never says whether one has an account); it is shown as sent.
 */
export default function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const asking = useMutation((typed: string) => accountApi.forgotPassword(typed), {
    fallback: 'We could not send the link. Please try again.',
  });
  const error = asking.problem;

  const onSubmit = async () => {
    setSent(null);
    const result = await asking.run(email.trim());
    if (result.ok) setSent(result.value.message);
  };

  return (
    <AccountScreen title="Forgot password">
      <p className="account-intro">
        Enter the email you sign in with. We will send it a link to set a new password.
      </p>
      <AuthForm
        submitLabel="Send the link"
        busy={asking.pending}
        error={error}
        onSubmit={onSubmit}
        afterError={
          // Always in the page, so the sentence is announced when it arrives.
          <p className="form-status" role="status">
            {sent}
          </p>
        }
      >
        <EmailField value={email} onValue={setEmail} />
      </AuthForm>
      <p className="account-switch">
        Remembered it? <Link to={urls.login()}>Login</Link>
      </p>
    </AccountScreen>
  );
}
