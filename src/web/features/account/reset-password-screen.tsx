import { useId, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, resetPasswordSchema } from '../../../domain';
import { ApiError } from '../../shared/api';
import { Field } from '../../shared/field';
import { useNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { staffUrls, urls } from '../../shared/urls';
import { useMutation } from '../../shared/use-mutation';
import { accountApi } from './account-api';
import { AccountScreen, FormError } from './form-parts';
import './account.css';

const RESET_FAILED = 'We could not set the new password. Please try again.';
const PASSWORD_SET = 'Your new password is set, and you are signed in.';

/**
 * The mail's link: `/reset-password?token=…`. A new password twice; on success the server has
 * signed in (and ended every other session), so the screen goes where login would.
 */
export default function ResetPasswordScreen() {
  const errorId = useId();
  // Not useSearchParams: react-router is one module, in the entry chunk with every export any
  // chunk uses, so a hook only this screen used would be downloaded by every first view.
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const { signIn } = useSession();
  const notify = useNotice();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const resetting = useMutation(
    (typed: { token: string; password: string }) =>
      accountApi.resetPassword(typed.token, typed.password),
    { describe: (error) => (error.code === 'internal' ? RESET_FAILED : error.message) },
  );
  const badLink =
    token === '' ||
    (resetting.error instanceof ApiError && resetting.error.code === 'invalid_reset_token');
  const error = invalid ?? (token === '' ? ACCOUNT_MESSAGES.resetTokenInvalid : resetting.problem);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resetting.pending) return;
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
    const going = navigate(result.value.staffRole ? staffUrls.board() : urls.home(), {
      replace: true,
    });
    void Promise.resolve(going).then(() => notify(PASSWORD_SET, 'success'));
  };

  return (
    <AccountScreen title="Set a new password">
      <form
        className="account-form"
        onSubmit={(event) => void onSubmit(event)}
        aria-describedby={error ? errorId : undefined}
      >
        <Field
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onValue={setPassword}
        />
        <Field
          label="Confirm new password"
          type="password"
          name="confirm"
          autoComplete="new-password"
          required
          value={confirm}
          onValue={setConfirm}
        />
        <FormError id={errorId} message={error} />
        {badLink ? (
          <p className="account-aside">
            <Link to={urls.forgotPassword()}>Ask for a new link</Link>
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={resetting.pending}>
            Set the new password
          </button>
        </div>
      </form>
    </AccountScreen>
  );
}
