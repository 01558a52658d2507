import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, resetPasswordSchema } from '../../../domain';
import { ApiError } from '../../shared/api';
import { Field } from '../../shared/field';
import { useNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { staffUrls, urls } from '../../shared/urls';
import { useMutation } from '../../shared/use-mutation';
import { accountApi } from './account-api';
import { AuthForm, NewPasswordField } from './auth-form';
import { AccountScreen } from './form-parts';
import './account.css';

const RESET_FAILED = 'We could not set the new password. Please try again.';
const PASSWORD_SET = 'Your new password is set, and you are signed in.';

/**
 * The mail's link: `/reset-password?token=…`. A new password twice; on success the server has
 * signed in (and ended every other session). Staff go to the board; a customer reads the success
 * here, where no order type chooser covers it (on Home, a browser with no order type stored
 * opens the chooser over any message), and goes on from it.
 */
export default function ResetPasswordScreen() {
  // Not useSearchParams: react-router is one module, in the entry chunk with every export any
  // chunk uses, so a hook only this screen used would be downloaded by every first view.
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const { signIn } = useSession();
  const notify = useNotice();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const doneMessage = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneMessage.current?.focus();
  }, [done]);
  const resetting = useMutation(
    (typed: { token: string; password: string }) =>
      accountApi.resetPassword(typed.token, typed.password),
    { describe: (error) => (error.code === 'internal' ? RESET_FAILED : error.message) },
  );
  const badLink =
    token === '' ||
    (resetting.error instanceof ApiError && resetting.error.code === 'invalid_reset_token');
  const error = invalid ?? (token === '' ? ACCOUNT_MESSAGES.resetTokenInvalid : resetting.problem);

  const onSubmit = async () => {
    const checked = resetPasswordSchema.safeParse({ token, password });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? RESET_FAILED);
      return;
    }
    if (password !== confirm) {
      setInvalid(ACCOUNT_MESSAGES.passwordsDiffer);
      return;
    }
    setInvalid(null);
    const result = await resetting.run(checked.data);
    if (!result.ok) return;
    signIn(result.value.user);
    if (!result.value.staffRole) {
      setDone(true);
      return;
    }
    const going = navigate(staffUrls.board(), { replace: true });
    void Promise.resolve(going).then(() => notify(PASSWORD_SET, 'success'));
  };

  if (done) {
    return (
      <AccountScreen title="Set a new password">
        <p ref={doneMessage} className="form-status" role="status" tabIndex={-1}>
          {PASSWORD_SET}
        </p>
        <p>
          <Link className="button" to={urls.home()} replace>
            Start an order
          </Link>
        </p>
      </AccountScreen>
    );
  }

  return (
    <AccountScreen title="Set a new password">
      <AuthForm
        submitLabel="Set the new password"
        busy={resetting.pending}
        error={error}
        onSubmit={onSubmit}
        afterError={
          badLink ? (
            <p className="account-aside">
              <Link to={urls.forgotPassword()}>Ask for a new link</Link>
            </p>
          ) : null
        }
      >
        <NewPasswordField label="New password" value={password} onValue={setPassword} />
        <Field
          label="Confirm new password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          value={confirm}
          onValue={setConfirm}
        />
      </AuthForm>
    </AccountScreen>
  );
}
