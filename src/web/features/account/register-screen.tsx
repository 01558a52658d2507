import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, registerSchema } from '../../../domain';
import { ApiError } from '../../shared/api';
import { useNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { urls } from '../../shared/urls';
import { accountApi, returnPath } from './account-api';
import { Field } from '../../shared/field';
import { useMutation } from '../../shared/use-mutation';
import { AuthForm, EmailField, NewPasswordField } from './auth-form';
import { AccountScreen } from './form-parts';
import './account.css';

const REGISTER_FAILED = ACCOUNT_MESSAGES.registerFailed;

/**
 * What the form says when registering failed. A taken email, a rate limit, a busy server or no
 * connection says why; other failures get the spec's text, with the server's reason when it gave
 * one.
 */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return REGISTER_FAILED;
  switch (error.code) {
    case 'email_taken':
    case 'rate_limited':
    case 'busy':
    case 'network':
      return error.message;
    case 'invalid_input':
      return `${REGISTER_FAILED} ${error.message}`;
    default:
      return REGISTER_FAILED;
  }
}

export default function RegisterScreen() {
  const { signIn } = useSession();
  const notify = useNotice();
  const navigate = useNavigate();
  const location = useLocation();
  const from = returnPath(location.state);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const registering = useMutation(
    (data: { name: string; email: string; password: string }) =>
      accountApi.register(data.name, data.email, data.password),
    { describe: failureMessage },
  );
  const busy = registering.pending;
  const error = invalid ?? registering.problem;

  const onSubmit = async () => {
    // The browser checks required fields and the email's form; the shared schema catches the rest
    // (e.g. a name of spaces) before the server has to.
    const checked = registerSchema.safeParse({ name, email, password });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? REGISTER_FAILED);
      return;
    }
    setInvalid(null);
    const result = await registering.run(checked.data);
    if (!result.ok) {
      if (result.error) console.warn('Registration failed', result.error);
      return;
    }
    signIn(result.value);
    // Manage Contacts sends them on to where they were heading once a contact is saved; the
    // welcome is said there, on the page it belongs to.
    await navigate(urls.manageContacts(), { replace: true, state: from ? { from } : undefined });
    notify(ACCOUNT_MESSAGES.registerSucceeded, 'success');
  };

  return (
    <AccountScreen title="Register">
      <AuthForm submitLabel="Register" busy={busy} error={error} onSubmit={onSubmit}>
        <Field
          label="Name"
          type="text"
          name="name"
          autoComplete="name"
          required
          value={name}
          onValue={setName}
        />
        <EmailField value={email} onValue={setEmail} />
        <NewPasswordField label="Password" value={password} onValue={setPassword} />
      </AuthForm>
      <p className="account-switch">
        Already have an account?{' '}
        <Link to={urls.login()} state={from ? { from } : undefined}>
          Login
        </Link>
      </p>
    </AccountScreen>
  );
}
