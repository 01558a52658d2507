import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigation } from 'react-router';

/**
 * The spec's "alerts", shown as one accessible toast with the spec's exact texts, never as
 * window.alert. One message at a time: a new one replaces the last (a customer reads one thing,
 * and nothing piles up over the header), and moving to another page dismisses it. A failure
 * with a reason is one message, the spec's text with the reason under it.
 *
 * Rules for callers: a screen that shows an error inline (next to the field or form it is about)
 * does not also raise it here; a message meant for the next page is raised after `navigate`
 * has resolved, so it belongs to that page.
 */
export type NoticeTone = 'success' | 'error' | 'info';
interface Notice {
  id: number;
  text: string;
  tone: NoticeTone;
  detail?: string;
  /** The page it was said on. */
  path: string;
}

type Notify = (text: string, tone?: NoticeTone, detail?: string | null) => void;
const NoticeContext = createContext<Notify>(() => undefined);

/** Long enough to read a sentence twice; an error, which may need acting on, a little longer. */
const VISIBLE_MS: Record<NoticeTone, number> = { success: 4000, info: 5000, error: 7000 };

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const nextId = useRef(1);
  const { pathname } = useLocation();
  // Where a navigation under way is going: a notice that arrives meanwhile (the cart merged at
  // sign-in answers while Login sends the customer on) is about the page being opened.
  const { location: pending } = useNavigation();
  const pendingPath = useRef<string | null>(null);
  useEffect(() => {
    pendingPath.current = pending?.pathname ?? null;
  }, [pending]);

  const notify = useCallback<Notify>((text, tone = 'info', detail = null) => {
    // The address bar, not the rendered route: after `await navigate(...)` it already names
    // the new page while React may not have drawn it yet.
    const path = pendingPath.current ?? window.location.pathname;
    setNotice({ id: nextId.current++, text, tone, path, ...(detail ? { detail } : {}) });
  }, []);
  const dismiss = useCallback(() => {
    setNotice(null);
  }, []);

  // Another page: what was said about the last one no longer applies.
  useEffect(() => {
    setNotice((current) => (current && current.path !== pathname ? null : current));
  }, [pathname]);

  // Both live regions stay in the page, so a screen reader hears a message added to one; the
  // politeness follows the tone (an error interrupts, the rest waits its turn).
  return (
    <NoticeContext.Provider value={notify}>
      {children}
      <div className="notices">
        <div role="status" aria-live="polite">
          {notice && notice.tone !== 'error' ? (
            <NoticeView key={notice.id} notice={notice} onDismiss={dismiss} />
          ) : null}
        </div>
        <div role="alert" aria-live="assertive">
          {notice?.tone === 'error' ? (
            <NoticeView key={notice.id} notice={notice} onDismiss={dismiss} />
          ) : null}
        </div>
      </div>
    </NoticeContext.Provider>
  );
}

/**
 * One toast. It leaves by itself after its time, except while the pointer rests on it or focus
 * is inside it (someone is reading it or about to dismiss it).
 */
function NoticeView({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onDismiss, VISIBLE_MS[notice.tone]);
    return () => window.clearTimeout(timer);
  }, [held, notice, onDismiss]);
  return (
    <p
      className={`notice notice-${notice.tone}`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className="notice-body">
        <span className="notice-text">{notice.text}</span>
        {notice.detail ? <span className="notice-detail">{notice.detail}</span> : null}
      </span>
      <button
        type="button"
        className="notice-close"
        aria-label="Dismiss message"
        onClick={onDismiss}
      >
        ×
      </button>
    </p>
  );
}

/** `notify('Item added to cart!', 'success')`; `notify(failed, 'error', reason)`. */
export function useNotice(): Notify {
  return useContext(NoticeContext);
}
