import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * A native <dialog> opened modal while its component is mounted, and closed when it goes:
 * showModal() makes the page behind inert, moves focus in and keeps Tab inside, with no
 * focus-trap code of ours. `leaving` is true once the component is going away, so an `onClose`
 * handler can tell our own close from one it must undo (Escape on a dialog that needs an answer).
 *
 * With `modal` false it waits: the order type chooser is drawn by the server and shown by CSS
 * before the app starts, and becomes modal once hydration is done. `waiting` stays true until
 * then, and one task longer: the switch runs in a task of its own, because showModal() restyles
 * the whole page (it goes inert), which inside hydration's commit would make one long task of
 * both (docs/performance.md). A dialog that waits keeps the
 * server's look (`open`, placed by CSS) while `waiting`.
 */
export function useModalDialog(modal = true) {
  const ref = useRef<HTMLDialogElement>(null);
  const leaving = useRef(false);
  const [waiting, setWaiting] = useState(!modal);
  useEffect(() => {
    if (!modal || !waiting) return;
    const timer = setTimeout(() => flushSync(() => setWaiting(false)), 0);
    return () => clearTimeout(timer);
  }, [modal, waiting]);
  // Before the browser paints: a dialog the server drew open goes modal without a frame closed.
  useLayoutEffect(() => {
    const node = ref.current;
    // Not yet (a dialog the server drew, shown by CSS until the app is in charge): left alone.
    // When it turns modal, the same commit has already removed its `open` attribute.
    if (!node || waiting) return;
    if (!node.open) node.showModal();
  }, [waiting]);
  useEffect(() => {
    const node = ref.current;
    return () => {
      leaving.current = true;
      if (node?.open) node.close();
    };
  }, []);
  return { ref, leaving, waiting };
}
