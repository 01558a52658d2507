import { useRef } from 'react';
import { formatPhone } from '../../../domain';
import type { ApiContact } from '../../shared/types';
import { ConfirmActions, ConfirmDialog } from './confirm-dialog';

/**
 * "Delete this contact?". Cancel has the focus first (the safe answer to a question about
 * deleting). The parent closes the dialog whatever `onConfirm` resolves to: a failed delete is
 * told by the spec's notice, and the card is still there to try again.
 *
 * A question rather than an undo: the server deletes at once and cannot give the contact back
 * with its id and default flag, so an undo would mean holding the DELETE back and losing it when
 * the page closes; asking first keeps one request and the spec's single failure text.
 */
export function DeleteContactDialog({
  contact,
  deleting: busy,
  onCancel,
  onConfirm,
}: {
  contact: ApiContact;
  /** The delete is on its way: the buttons wait for its answer. */
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ConfirmDialog
      title="Delete this contact?"
      text={
        <>
          {formatPhone(contact.phone)}, {contact.address} will be removed from your saved contacts.
          {contact.isDefault ? ' It is your default contact.' : ''}
        </>
      }
      busy={busy}
      onCancel={onCancel}
      firstFocus={cancel}
    >
      <ConfirmActions
        confirmLabel="Delete contact"
        busy={busy}
        onConfirm={() => void onConfirm()}
        onCancel={onCancel}
        cancelRef={cancel}
      />
    </ConfirmDialog>
  );
}
