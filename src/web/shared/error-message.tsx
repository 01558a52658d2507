import type { ReactNode } from 'react';

/** A failure in words, with a way to try again when one is given. */
export function ErrorMessage({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div className="error-message" role="alert">
      <p>{children}</p>
      {onRetry ? (
        <button type="button" className="secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
