import { useId, useRef, useState, type SubmitEvent } from 'react';
import { ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH } from '../../../domain';
import { Field } from '../../shared/field';
import { useMutation } from '../../shared/use-mutation';
import { accountApi } from './account-api';
import { ConfirmActions, ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-parts';

const WHAT_GOES =
  'Your saved contacts and your cart are removed and you are signed out everywhere. Orders you ' +
  'placed stay with the store for its books, without your name, phone or address. This cannot ' +
  'be undone.';

/**
 * "Delete your account?", asked like deleting a contact. The password field has the focus first:
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
  const errorId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [confirmation, setConfirmation] = useState('');
  const deletion = useMutation(
    (typed: string, signal) => accountApi.deleteAccount(userId, typed, signal),
    { fallback: ACCOUNT_MESSAGES.deleteAccountFailed },
  );

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await deletion.run(confirmation);
    if (result.ok) onDeleted();
    else if (result.error) field.current?.focus();
  };

  return (
    <ConfirmDialog
      title="Delete your account?"
      text={WHAT_GOES}
      busy={deletion.pending}
      onCancel={onCancel}
      firstFocus={field}
    >
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
        <FormError id={errorId} message={deletion.problem} />
        <ConfirmActions
          confirmLabel="Delete my account"
          busy={deletion.pending}
          onCancel={onCancel}
        />
      </form>
    </ConfirmDialog>
  );
}
