import { useEffect, useId, type ReactNode, type Ref, type RefObject } from 'react';
import { useModalDialog } from '../../shared/modal-dialog';

/**
 * A question before a delete, as a native modal dialog: the page behind is inert and Tab stays
 * inside. Escape and Cancel both call `onCancel`, but not while `busy`: the delete is on its way
 * and its answer is said here. `firstFocus` has the focus when it opens (the safe answer, or the
 * field without which nothing is deleted).
 */
export function ConfirmDialog({
  title,
  text,
  busy,
  onCancel,
  firstFocus,
  children,
}: {
  title: string;
  text: ReactNode;
  busy: boolean;
  onCancel: () => void;
  firstFocus: RefObject<HTMLElement | null>;
  /** What follows the question: its form or its buttons (`ConfirmActions`). */
  children: ReactNode;
}) {
  const id = useId();
  const { ref: dialog } = useModalDialog();
  // After showModal() (the hook's effect runs first), which would focus the first control.
  useEffect(() => {
    firstFocus.current?.focus();
  }, [firstFocus]);

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
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      {children}
    </dialog>
  );
}

/**
 * The delete and Cancel buttons. Without `onConfirm` the delete submits the form it stands in.
 * While `busy` both are aria-disabled and Cancel does nothing.
 */
export function ConfirmActions({
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  cancelRef,
}: {
  confirmLabel: string;
  busy: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
  cancelRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="dialog-actions">
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="primary"
        aria-disabled={busy || undefined}
        onClick={
          onConfirm
            ? () => {
                if (!busy) onConfirm();
              }
            : undefined
        }
      >
        {busy ? 'Deleting...' : confirmLabel}
      </button>
      <button
        ref={cancelRef}
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
  );
}
