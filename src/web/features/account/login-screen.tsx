import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../domain/account-messages';
import type { ErrorCode } from '../../../domain/error-codes';
import { ApiError } from '../../shared/api';
import { useNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { useStoreInfo } from '../../shared/store-info';
import type { ApiUser } from '../../shared/types';
import { staffUrls, urls } from '../../shared/urls';
import { accountApi, returnPath } from './account-api';
import { Field } from '../../shared/field';
import { useMutation } from '../../shared/use-mutation';
import { AuthForm, EmailField } from './auth-form';
import { AccountScreen } from './form-parts';
import { GoogleSignInButton } from './google-sign-in';
import './account.css';

const LOGIN_FAILED = ACCOUNT_MESSAGES.invalidCredentials;
const GOOGLE_FAILED = ACCOUNT_MESSAGES.googleLoginFailed;
/** Google linked an account someone had registered with a password (routes/auth.ts says why). */
const PASSWORD_REMOVED =
  'Signed in with Google. This account’s earlier password, saved contacts and cart were removed, since anyone could have set them: sign in with Google from now on.';

/** Codes whose message says what to do (wait, retry, reconnect); others get the spec's text. */
const SAID_AS_SENT: readonly ErrorCode[] = ['rate_limited', 'busy', 'network'];

function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && SAID_AS_SENT.includes(error.code) ? error.message : fallback;
}

export default function LoginScreen() {
  const { signIn } = useSession();
  const { info } = useStoreInfo();
  const navigate = useNavigate();
  const notify = useNotice();
  const location = useLocation();
  const from = returnPath(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const loggingIn = useMutation(
    (typed: { email: string; password: string }) => accountApi.login(typed.email, typed.password),
    { describe: (error) => failureMessage(error, LOGIN_FAILED) },
  );
  const socialLogin = useMutation(accountApi.socialLogin, {
    describe: (error) => failureMessage(error, GOOGLE_FAILED),
  });
  /** Google's button could not give us a credential. */
  const [googleFailed, setGoogleFailed] = useState(false);
  const busy = loggingIn.pending;
  // One failure shown at a time: each attempt clears the others' (`startOver`).
  const error = (googleFailed ? GOOGLE_FAILED : null) ?? socialLogin.problem ?? loggingIn.problem;
  const startOver = () => {
    setGoogleFailed(false);
    socialLogin.reset();
    loggingIn.reset();
  };

  const finish = (user: ApiUser, social: boolean, staff: boolean, notice?: string) => {
    signIn(user);
    // Staff sign in to work: the board, unless they were on their way to another staff page.
    const staffFrom = from?.startsWith(staffUrls.board()) ? from : null;
    // A new Google user has no contact yet: ask for one first, then carry on to where they were going.
    const going = staff
      ? navigate(staffFrom ?? staffUrls.board(), { replace: true })
      : social && user.contacts.length === 0
        ? navigate(urls.manageContacts(), { replace: true, state: from ? { from } : undefined })
        : navigate(from ?? urls.home(), { replace: true });
    // Said on the page they arrive at, once the navigation has settled.
    if (notice) void Promise.resolve(going).then(() => notify(notice, 'info'));
  };

  const onSubmit = async () => {
    startOver();
    const result = await loggingIn.run({ email: email.trim(), password });
    if (result.ok) finish(result.value.user, false, result.value.staffRole !== undefined);
  };

  const onCredential = async (credential: string) => {
    startOver();
    const result = await socialLogin.run(credential);
    if (result.ok) {
      const answer = result.value;
      finish(answer.user, true, false, answer.passwordRemoved ? PASSWORD_REMOVED : undefined);
    } else if (result.error) {
      console.warn('Social login failed', result.error);
    }
  };

  return (
    <AccountScreen title="Login">
      {info?.googleClientId ? (
        <GoogleSignInButton
          clientId={info.googleClientId}
          onCredential={(credential) => void onCredential(credential)}
          onError={() => {
            startOver();
            setGoogleFailed(true);
          }}
          after={<p className="or-divider">or</p>}
        />
      ) : null}
      <AuthForm submitLabel="Login" busy={busy} error={error} onSubmit={onSubmit}>
        <EmailField value={email} onValue={setEmail} />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
      </AuthForm>
      <p className="account-aside">
        <Link to={urls.forgotPassword()}>Forgot password?</Link>
      </p>
      <p className="account-switch">
        New here?{' '}
        <Link to={urls.register()} state={from ? { from } : undefined}>
          Sign up
        </Link>
      </p>
    </AccountScreen>
  );
}
