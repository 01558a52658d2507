/** Small shared pieces every screen uses, so loading and failure look the same everywhere. */
// The pieces only lazily loaded screens use live in modules of their own, so their code is
// not in the first view.
export { ErrorMessage } from './error-message';
export { Placeholder } from './placeholder';

export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  );
}

export function SoldOutBadge() {
  return <span className="sold-out-badge">Sold out</span>;
}
