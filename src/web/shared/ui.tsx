import type { ReactNode } from 'react';

/** Small shared pieces every screen uses, so loading and failure look the same everywhere. */
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <p className="error-message" role="alert">
      {children}
    </p>
  );
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
