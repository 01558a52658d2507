import { Link } from 'react-router';
import { urls } from './urls';

/** The spec's "Back to Categories" link above every list and detail screen. */
export function BackToCategories() {
  return (
    <Link to={urls.home()} className="back-link">
      <span aria-hidden="true">←</span>
      Back to Categories
    </Link>
  );
}
