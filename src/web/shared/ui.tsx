import type { ReactNode } from 'react';

/** Small shared pieces every screen uses, so loading and failure look the same everywhere. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

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

/** Grey cards in the shape of the grid that is loading, so the page does not jump when it arrives. */
export function CardSkeletons({ count }: { count: number }) {
  return (
    <ul className="card-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="category-card skeleton-card">
            <div className="skeleton-image" />
            <span className="skeleton-line" />
            <span className="skeleton-line short" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SoldOutBadge() {
  return <span className="sold-out-badge">Sold out</span>;
}

export function Price({ dollars }: { dollars: number }) {
  return <span className="price">${dollars.toFixed(2)}</span>;
}

export function Placeholder({ title }: { title: string }) {
  return (
    <section className="placeholder">
      <h1>{title}</h1>
      <p>This part of the store is on its way. In the meantime, call us to order.</p>
    </section>
  );
}
