import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

/**
 * The spec's "alerts": shown as accessible in-page messages with the spec's exact texts, never
 * as window.alert. Errors are announced assertively (role=alert), the rest politely.
 */
export type NoticeTone = 'success' | 'error' | 'info';
interface Notice {
  id: number;
  text: string;
  tone: NoticeTone;
}

type Notify = (text: string, tone?: NoticeTone) => void;
const NoticeContext = createContext<Notify>(() => undefined);

const VISIBLE_MS = 6000;

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setNotices((current) => current.filter((notice) => notice.id !== id));
  }, []);

  const notify = useCallback<Notify>(
    (text, tone = 'info') => {
      const id = nextId.current++;
      // The same text twice in a row replaces the first, so repeated clicks don't pile up.
      setNotices((current) => [
        ...current.filter((notice) => notice.text !== text),
        { id, text, tone },
      ]);
      window.setTimeout(() => dismiss(id), VISIBLE_MS);
    },
    [dismiss],
  );

  const polite = notices.filter((notice) => notice.tone !== 'error');
  const urgent = notices.filter((notice) => notice.tone === 'error');

  return (
    <NoticeContext.Provider value={notify}>
      {children}
      <div className="notices">
        <div role="status" aria-live="polite">
          {polite.map((notice) => (
            <NoticeView key={notice.id} notice={notice} onDismiss={dismiss} />
          ))}
        </div>
        <div role="alert" aria-live="assertive">
          {urgent.map((notice) => (
            <NoticeView key={notice.id} notice={notice} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </NoticeContext.Provider>
  );
}

function NoticeView({ notice, onDismiss }: { notice: Notice; onDismiss: (id: number) => void }) {
  return (
    <p className={`notice notice-${notice.tone}`}>
      <span>{notice.text}</span>
      <button
        type="button"
        className="notice-close"
        aria-label="Dismiss message"
        onClick={() => onDismiss(notice.id)}
      >
        ×
      </button>
    </p>
  );
}

/** `notify('Item added to cart!', 'success')`. */
export function useNotice(): Notify {
  return useContext(NoticeContext);
}
