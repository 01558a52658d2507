import { useEffect, useId, useRef } from 'react';
import { formatPhone } from '../../../domain';
import { useModalDialog } from '../../shared/modal-dialog';
import type { ApiContact } from '../../shared/types';

/**
 * "Delete this contact?" as a native modal dialog: the page behind is inert and Tab stays
 * inside. Cancel has the focus first (the safe answer to a question about deleting); Escape
 * and Cancel both call `onCancel`. The parent closes the dialog whatever `onConfirm` resolves
 * to: a failed delete is told by the spec's notice, and the card is still there to try again.
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
  const id = useId();
  const { ref: dialog } = useModalDialog();
  const cancel = useRef<HTMLButtonElement>(null);
  // After showModal() (the hook's effect runs first), which would focus the first button.
  useEffect(() => {
    cancel.current?.focus();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>Delete this contact?</h2>
      <p id={`${id}-text`}>
        {formatPhone(contact.phone)}, {contact.address} will be removed from your saved contacts.
        {contact.isDefault ? ' It is your default contact.' : ''}
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) void onConfirm();
          }}
        >
          {busy ? 'Deleting...' : 'Delete contact'}
        </button>
        <button
          ref={cancel}
          type="button"
          className="secondary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onCancel();
          }}
        >
          Cancel
        </button>
      </div>
    </dialog>
  );
}
