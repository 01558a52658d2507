import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH } from '../../../domain';
import { Field } from '../../shared/field';
import { useModalDialog } from '../../shared/modal-dialog';
import { useMutation } from '../../shared/use-mutation';
import { accountApi } from './account-api';
import { FormError } from './form-parts';

/**
 * "Delete your account?" as a native modal dialog, like deleting a contact: the page behind is
 * inert, Tab stays inside, Escape and Cancel close it. The password field has the focus first:
 * nothing is deleted without typing it, so there is no safe button to start on. The server's
 * refusal (a wrong password, an order still being made, a staff account) is said inside the
 * dialog, which stays open to try again; `onDeleted` runs once the server has deleted it.
 */
export function DeleteAccountDialog({
  userId,
  onCancel,
  onDeleted,
}: {
  userId: string;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const { ref: dialog } = useModalDialog();
  const field = useRef<HTMLInputElement>(null);
  const [confirmation, setConfirmation] = useState('');
  const deletion = useMutation(
    (typed: string, signal) => accountApi.deleteAccount(userId, typed, signal),
    { fallback: ACCOUNT_MESSAGES.deleteAccountFailed },
  );
  // After showModal() (the hook's effect runs first), which would focus the first control.
  useEffect(() => {
    field.current?.focus();
  }, []);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await deletion.run(confirmation);
    if (result.ok) onDeleted();
    else if (result.error) field.current?.focus();
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!deletion.pending) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>Delete your account?</h2>
      <p id={`${id}-text`}>
        Your saved contacts and your cart are removed and you are signed out everywhere. Orders you
        placed stay with the store for its books, without your name, phone or address. This cannot
        be undone.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Your password"
          hint="Signed up with Google? Type your account’s email instead."
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          inputRef={field}
          value={confirmation}
          onValue={(value) => {
            setConfirmation(value);
            deletion.reset();
          }}
        />
        <FormError id={`${id}-error`} message={deletion.problem} />
        <div className="dialog-actions">
          <button type="submit" className="primary" aria-disabled={deletion.pending || undefined}>
            {deletion.pending ? 'Deleting...' : 'Delete my account'}
          </button>
          <button
            type="button"
            className="secondary"
            aria-disabled={deletion.pending || undefined}
            onClick={() => {
              if (!deletion.pending) onCancel();
            }}
          >
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
