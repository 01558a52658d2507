import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../shared/session';
import { urls } from '../shared/urls';
import './user-menu.css';

/**
 * My Account, My Orders and Logout for a signed-in customer, as a disclosure: a button with
 * aria-expanded that shows a list of links. Escape closes it and returns focus to the button;
 * a click elsewhere or tabbing out closes it too. Tab order stays the page's own (no roving focus to learn).
 */
export function UserMenu() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!user) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    }
  };

  // Tabbing past the last item closes the list, so it never hangs open over the page. Only a
  // focus that lands elsewhere counts: a tap (no new focus in Safari) is the pointer handler's.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !root.current?.contains(next)) setOpen(false);
  };

  const logout = async () => {
    setOpen(false);
    // signOut ends the server session and clears the stored user, order type and address.
    await signOut();
    void navigate(urls.login());
  };

  return (
    <div className="account-menu" ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={toggle}
        type="button"
        className="account-menu-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
      >
        <span className="visually-hidden">Account menu for </span>
        <span className="account-menu-name" title={user.name}>
          {user.name}
        </span>
        <span aria-hidden="true" className="account-menu-caret">
          ▾
        </span>
      </button>
      <ul id={listId} className="account-menu-list" hidden={!open}>
        <li>
          <Link to={urls.manageContacts()} onClick={() => setOpen(false)}>
            My Account
          </Link>
        </li>
        <li>
          <Link to={urls.myOrders()} onClick={() => setOpen(false)}>
            My Orders
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => void logout()}>
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
