import { useNavigate } from 'react-router';
import { useSession } from '../shared/session';
import { urls } from '../shared/urls';
import { Link } from 'react-router';

/** My Account, My Orders and Logout for a signed-in customer (filled in by issue 3). */
export function UserMenu() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <span className="user-menu">
      <Link to={urls.manageContacts()}>My Account</Link>
      <Link to={urls.myOrders()}>My Orders</Link>
      <button
        type="button"
        className="link-button"
        onClick={() => void signOut().then(() => navigate(urls.login()))}
      >
        Logout
      </button>
    </span>
  );
}
