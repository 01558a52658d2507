import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type SubmitEvent,
} from 'react';
import { isAbort, isApiError, refusalReason } from '../../shared/api';
import { useModalDialog } from '../../shared/modal-dialog';
import { ErrorMessage, Loading } from '../../shared/ui';

/** What the list says when the editor brings the staff back to it (the navigation's state). */
export interface MenuReturn {
  announce: string;
}

/** What a person reads when a call failed: the server's own sentence, or ours. */
export function failureText(error: unknown, fallback: string): string {
  return refusalReason(error) ?? fallback;
}

/**
 * A polite sentence for the screen's live region: each call replaces the last, and the same
 * sentence twice is still read twice (the region is emptied first).
 */
export function useAnnouncement(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const frame = useRef(0);
  const announce = useCallback((next: string) => {
    setText('');
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setText(next));
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return [text, announce];
}

/** Always in the page, so a change of its text is read out without moving focus. */
export function Announcer({ text }: { text: string }) {
  return (
    <p className="admin-announcer" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}

/** A menu row's failure (a switch or a price the server refused), said under the row. */
export function RowFailure({ message }: { message: string | null }) {
  return message ? (
    <p className="menu-row-error" role="alert">
      {message}
    </p>
  ) : null;
}

export type LoadState<T> =
  { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'ready'; value: T };

/**
 * One GET for a screen: loading, failed (with the error, for its words) or ready. `reload`
 * asks again; `setValue` replaces what is shown after a change the server confirmed.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<LoadState<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => setState({ kind: 'ready', value }),
      (error: unknown) => {
        if (isAbort(error) || controller.signal.aborted) return;
        // A refusal (signed out, not allowed) is shown for what it is; only the rest is a surprise.
        if (refusalReason(error) === null) console.warn('Could not load', error);
        setState({ kind: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [load, attempt]);
  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  const setValue = useCallback((update: (value: T) => T) => {
    setState((before) =>
      before.kind === 'ready' ? { kind: 'ready', value: update(before.value) } : before,
    );
  }, []);
  return { state, reload, setValue };
}

/**
 * What an admin-only screen shows until its list is ready: loading, the admin-only sentence for
 * a staff member the server refused (403), or any other failure with Try again.
 */
export function AdminLoadState({
  state,
  loading,
  adminOnly,
  failed,
  onRetry,
}: {
  state: LoadState<unknown>;
  loading: string;
  adminOnly: string;
  failed: string;
  onRetry: () => void;
}) {
  const forbidden = state.kind === 'failed' && isApiError(state.error, 'forbidden');
  return (
    <>
      {state.kind === 'loading' ? <Loading label={loading} /> : null}
      {forbidden ? <p className="admin-only">{adminOnly}</p> : null}
      {state.kind === 'failed' && !forbidden ? (
        <ErrorMessage onRetry={onRetry}>{failureText(state.error, failed)}</ErrorMessage>
      ) : null}
    </>
  );
}

/**
 * A native modal <dialog>: the page behind is inert, focus stays inside, Escape cancels. It is
 * open while rendered; `onCancel` runs for Escape and the Cancel button alike.
 */
export function AdminDialog({
  title,
  children,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  onCancel: () => void;
}) {
  const id = useId();
  const { ref: dialog } = useModalDialog();
  return (
    <dialog
      ref={dialog}
      className="admin-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}

/**
 * A form's Save and Cancel. Save stays focusable while saving (`aria-disabled`, not `disabled`),
 * so focus is not thrown to the page and a second press is ignored by the form, not lost.
 */
export function SaveCancel({
  busy,
  onCancel,
  save = 'Save',
  className = 'price-editor-actions',
}: {
  busy: boolean;
  onCancel: () => void;
  /** What Save says when it is more than saving the row (a dialog's "Save password"). */
  save?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className="primary" aria-disabled={busy || undefined}>
        {busy ? 'Saving...' : save}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/**
 * Move up and Move down: the keyboard's and the screen reader's way to reorder a row (no
 * dragging). At an end a button stays focusable and says why it does nothing (aria-disabled),
 * so focus never drops when the row reaches the top; so does one pressed while a move is saved.
 */
export function MoveButtons({
  index,
  count,
  busy,
  describedBy,
  onMove,
}: {
  /** The row's place, 0-based, among `count`. */
  index: number;
  count: number;
  busy: boolean;
  /** The id of what names the row (the buttons say "Move up" and are described by it). */
  describedBy: string;
  onMove: (step: -1 | 1) => void;
}) {
  return (
    <>
      <button
        type="button"
        className="secondary"
        aria-describedby={describedBy}
        aria-disabled={index === 0 || busy || undefined}
        onClick={() => onMove(-1)}
      >
        Move up
      </button>
      <button
        type="button"
        className="secondary"
        aria-describedby={describedBy}
        aria-disabled={index === count - 1 || busy || undefined}
        onClick={() => onMove(1)}
      >
        Move down
      </button>
    </>
  );
}

/**
 * A small form opened in a row (a price, a topping's name or what it contains), ending with Save
 * and Cancel. Escape cancels too, from any of its fields, as Cancel does.
 */
export function InlineForm({
  id,
  className,
  label,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  id?: string;
  className: string;
  /** Its accessible name: the row it belongs to says which item. */
  label: string;
  busy: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      className={className}
      aria-label={label}
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      {children}
      <SaveCancel busy={busy} onCancel={onCancel} />
    </form>
  );
}

/**
 * An add or remove button of the menu editor's rows: none while the form is read-only (a
 * product the staff may not edit), so nothing offers what cannot be done.
 */
function RowButton({
  readOnly,
  onClick,
  children,
}: {
  readOnly: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return readOnly ? null : (
    <button type="button" className="secondary" onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * A list of rows the menu editor adds and removes (sizes, flavours, time windows): each row with
 * its Remove button, Add after the list; neither while the form is read-only. A row keeps its
 * inputs (React's key) while the one above it is removed.
 */
export function EditableRows<T extends { key: number }>({
  rows,
  itemClass,
  readOnly,
  onRows,
  children,
  removeLabel,
  blank,
  addLabel,
}: {
  rows: readonly T[];
  /** The class of each row's <li>: its grid. */
  itemClass: string;
  readOnly: boolean;
  /** A change of the rows, given them before. */
  onRows: (change: (rows: T[]) => T[]) => void;
  /** A row's fields. */
  children: (row: T, index: number) => ReactNode;
  /** Its Remove button's words, which name the row (JSX: the same text nodes as before, so the same pixels). */
  removeLabel: (row: T, index: number) => ReactNode;
  /** A new row for Add. */
  blank: () => T;
  addLabel: ReactNode;
}) {
  return (
    <>
      <ol className="editor-rows">
        {rows.map((row, index) => (
          <li key={row.key} className={itemClass}>
            {children(row, index)}
            <RowButton
              readOnly={readOnly}
              onClick={() => onRows((before) => before.filter((each) => each.key !== row.key))}
            >
              {removeLabel(row, index)}
            </RowButton>
          </li>
        ))}
      </ol>
      <RowButton readOnly={readOnly} onClick={() => onRows((before) => [...before, blank()])}>
        {addLabel}
      </RowButton>
    </>
  );
}
