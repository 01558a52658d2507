import { useEffect, useRef } from 'react';

/**
 * A native <dialog> opened modal while its component is mounted, and closed when it goes:
 * showModal() makes the page behind inert, moves focus in and keeps Tab inside, with no
 * focus-trap code of ours. `leaving` is true once the component is going away, so an `onClose`
 * handler can tell our own close from one it must undo (Escape on a dialog that needs an answer).
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const leaving = useRef(false);
  useEffect(() => {
    const node = ref.current;
    if (node && !node.open) node.showModal();
    return () => {
      leaving.current = true;
      if (node?.open) node.close();
    };
  }, []);
  return { ref, leaving };
}
