import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A native <dialog> opened modal while its component is mounted, and closed when it goes:
 * showModal() makes the page behind inert, moves focus in and keeps Tab inside, with no
 * focus-trap code of ours. `leaving` is true once the component is going away, so an `onClose`
 * handler can tell our own close from one it must undo (Escape on a dialog that needs an answer).
 * With `modal` false it waits: the order type chooser is drawn by the server and shown by CSS
 * before the app starts, and becomes modal once hydration is done.
 */
export function useModalDialog(modal = true) {
  const ref = useRef<HTMLDialogElement>(null);
  const leaving = useRef(false);
  // Before the browser paints: a dialog the server drew open goes modal without a frame closed.
  useLayoutEffect(() => {
    const node = ref.current;
    // Not yet (a dialog the server drew, shown by CSS until the app is in charge): left alone.
    // When it turns modal, the same commit has already removed its `open` attribute.
    if (!node || !modal) return;
    if (!node.open) node.showModal();
  }, [modal]);
  useEffect(() => {
    const node = ref.current;
    return () => {
      leaving.current = true;
      if (node?.open) node.close();
    };
  }, []);
  return { ref, leaving };
}
