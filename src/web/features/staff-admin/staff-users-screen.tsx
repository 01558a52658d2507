import { useRef, useState, type SubmitEvent } from 'react';
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../domain/account-messages';
import { registerSchema } from '../../../domain/account';
import type { ApiStaffUser } from '../../../domain/api-types';
import { useSession } from '../../shared/session';
import { useMutation } from '../../shared/use-mutation';
import { Field } from '../../shared/field';
import {
  AdminDialog,
  AdminLoadState,
  Announcer,
  SaveCancel,
  useAnnouncement,
  useLoad,
} from './admin-parts';
import { staffAdminApi } from './staff-admin-api';
import { storeDay } from './toronto-date';
import './staff-admin.css';

export const ADMIN_ONLY_MESSAGE = "Only the store's admin can manage staff accounts.";

const ROLE_NAMES: Record<ApiStaffUser['role'], string> = { staff: 'Staff', admin: 'Admin' };

/** The register form's password rules, for a password typed on its own. */
function passwordProblem(password: string): string | null {
  if (password === '') return ACCOUNT_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  return null;
}

type Dialog = { kind: 'remove'; user: ApiStaffUser } | { kind: 'password'; user: ApiStaffUser };

/** The admin's Staff screen: the staff accounts, Add staff, Remove and Reset password. */
export default function StaffUsersScreen() {
  const { user: me } = useSession();
  const { state, reload, setValue } = useLoad(staffAdminApi.users);
  const [announcement, announce] = useAnnouncement();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** The button that opened the dialog, to give focus back to when it closes. */
  const opener = useRef<HTMLElement | null>(null);

  const open = (next: Dialog, from: HTMLElement) => {
    opener.current = from;
    setDialog(next);
  };
  const close = () => {
    setDialog(null);
    const back = opener.current;
    requestAnimationFrame(() => (back?.isConnected ? back : heading.current)?.focus());
  };

  return (
    <section className="staff-admin users-admin" aria-labelledby="users-admin-title">
      <h1 id="users-admin-title" ref={heading} tabIndex={-1}>
        Staff accounts
      </h1>
      <Announcer text={announcement} />
      <AdminLoadState
        state={state}
        loading="Loading staff accounts..."
        adminOnly={ADMIN_ONLY_MESSAGE}
        failed="We could not load the staff accounts. Please try again."
        onRetry={reload}
      />
      {state.kind === 'ready' ? (
        <div className="users-layout">
          <ul className="user-list" aria-label="Staff accounts">
            {state.value.map((user) => (
              <li key={user._id} className="user-card" aria-labelledby={`user-${user._id}`}>
                <div className="user-facts">
                  <h2 id={`user-${user._id}`} className="user-name">
                    {user.name}
                    {user._id === me?._id ? <span className="user-you"> (you)</span> : null}
                  </h2>
                  <p className="user-email">{user.email}</p>
                  <p className="user-meta">
                    <span className={`role-badge role-${user.role}`}>{ROLE_NAMES[user.role]}</span>
                    <span>Added {storeDay(new Date(user.createdAt))}</span>
                  </p>
                </div>
                <div className="user-actions">
                  <button
                    type="button"
                    className="secondary"
                    aria-describedby={`user-${user._id}`}
                    onClick={(event) => open({ kind: 'password', user }, event.currentTarget)}
                  >
                    Reset password
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-describedby={`user-${user._id}`}
                    onClick={(event) => open({ kind: 'remove', user }, event.currentTarget)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <AddStaffForm
            onAdded={(added) => {
              setValue((users) => [...users, added]);
              announce(`${added.name} can now sign in to the staff app.`);
            }}
          />
        </div>
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveDialog
          user={dialog.user}
          onCancel={close}
          onRemoved={() => {
            setValue((users) => users.filter((each) => each._id !== dialog.user._id));
            announce(`${dialog.user.name} was removed and signed out.`);
            close();
          }}
        />
      ) : null}
      {dialog?.kind === 'password' ? (
        <PasswordDialog
          user={dialog.user}
          onCancel={close}
          onSaved={() => {
            announce(`${dialog.user.name}'s new password is saved.`);
            close();
          }}
        />
      ) : null}
    </section>
  );
}

/** Add staff: the register form's fields and rules; the new account has the staff role. */
function AddStaffForm({ onAdded }: { onAdded: (user: ApiStaffUser) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const adding = useMutation(staffAdminApi.addUser, {
    fallback: 'We could not add the account. Please try again.',
  });
  const busy = adding.pending;
  const error = invalid ?? adding.problem;
  const nameField = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = registerSchema.safeParse({ name, email, password });
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? 'Please check the fields.');
      return;
    }
    setInvalid(null);
    const { data } = checked;
    const added = await adding.run({ name: data.name, email: data.email, password: data.password });
    if (!added.ok) return;
    setName('');
    setEmail('');
    setPassword('');
    onAdded(added.value);
    // Ready for the next person.
    nameField.current?.focus();
  };

  return (
    <form
      className="add-staff"
      aria-labelledby="add-staff-title"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <h2 id="add-staff-title">Add staff</h2>
      <Field
        className="admin-field"
        inputRef={nameField}
        label="Name"
        type="text"
        autoComplete="off"
        required
        value={name}
        onValue={setName}
      />
      <Field
        className="admin-field"
        label="Email"
        type="email"
        autoComplete="off"
        required
        value={email}
        onValue={setEmail}
      />
      <Field
        className="admin-field"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Give it to them in person.`}
        value={password}
        onValue={setPassword}
      />
      <p className="admin-form-error" role="alert">
        {error}
      </p>
      <button type="submit" className="primary" aria-disabled={busy || undefined}>
        {busy ? 'Adding...' : 'Add staff'}
      </button>
    </form>
  );
}

/** "Remove {name}?": their account and every session of it end at once. */
function RemoveDialog({
  user,
  onCancel,
  onRemoved,
}: {
  user: ApiStaffUser;
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const removing = useMutation(() => staffAdminApi.removeUser(user._id), {
    fallback: `We could not remove ${user.name}. Please try again.`,
  });
  const busy = removing.pending;
  const error = removing.problem;
  const remove = async () => {
    if ((await removing.run()).ok) onRemoved();
  };
  return (
    <AdminDialog title={`Remove ${user.name}?`} onCancel={onCancel}>
      <p>
        {user.name} ({user.email}) will be signed out at once and can no longer open the staff app.
      </p>
      <p className="admin-form-error" role="alert">
        {error}
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          aria-disabled={busy || undefined}
          onClick={() => void remove()}
        >
          {busy ? 'Removing...' : `Remove ${user.name}`}
        </button>
        <button type="button" className="secondary" autoFocus onClick={onCancel}>
          Cancel
        </button>
      </div>
    </AdminDialog>
  );
}

/** A new password for someone who forgot theirs: the register form's rules. */
function PasswordDialog({
  user,
  onCancel,
  onSaved,
}: {
  user: ApiStaffUser;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const saving = useMutation((next: string) => staffAdminApi.resetPassword(user._id, next), {
    fallback: `We could not save the new password. Please try again.`,
  });
  const busy = saving.pending;
  const error = invalid ?? saving.problem;
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = passwordProblem(password);
    setInvalid(problem);
    if (problem) return;
    if ((await saving.run(password)).ok) onSaved();
  };
  return (
    <AdminDialog title={`Reset the password of ${user.name}`} onCancel={onCancel}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Field
          className="admin-field"
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onValue={setPassword}
        />
        <p className="admin-form-error" role="alert">
          {error}
        </p>
        <SaveCancel
          busy={busy}
          onCancel={onCancel}
          save="Save password"
          className="dialog-actions"
        />
      </form>
    </AdminDialog>
  );
}
