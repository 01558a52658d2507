import { useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../shared/session';
import type { ApiUser } from '../../shared/types';
import { Loading } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { returnPath, type ContactInput } from './account-api';
import { ContactCard } from './contact-card';
import { ContactForm } from './contact-form';
import { useContacts } from './use-contacts';
import { AccountScreen } from './form-parts';
import './account.css';

/** Manage Contacts needs a signed-in user; anyone else logs in first and comes back here. */
export default function ManageContactsScreen() {
  const { user, checked } = useSession();
  if (!user) {
    // A session cookie without a stored user (storage cleared) still counts: ask the server first.
    if (!checked) return <Loading />;
    return <Navigate to={urls.login()} replace state={{ from: urls.manageContacts() }} />;
  }
  return <ContactsManager key={user._id} user={user} />;
}

function ContactsManager({ user }: { user: ApiUser }) {
  // Deleting a card drops the focus it held; the heading takes it back.
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const from = returnPath(useLocation().state);
  const { contacts, add, update, remove, setDefault } = useContacts(user);
  const [adding, setAdding] = useState(false);
  // Spec 9: the add form starts with 'Set as Default' ticked, and unticked after a save.
  const [nextDefault, setNextDefault] = useState(true);
  const addButton = useRef<HTMLButtonElement>(null);

  /** After a successful save, someone sent here from elsewhere (e.g. the cart) goes back. */
  const saved = () => {
    if (from) void navigate(from);
  };

  const closeAddForm = () => {
    setAdding(false);
    // The form held the focus; give it to the button that opens it again.
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const onAdd = async (contact: ContactInput) => {
    const failure = await add(contact);
    if (failure === null) {
      setNextDefault(false);
      closeAddForm();
      saved();
    }
    return failure;
  };

  const onDelete = async (contactId: string) => {
    if ((await remove(contactId)) === null) heading.current?.focus();
  };

  const addLabel = contacts && contacts.length > 0 ? 'Add New Contact' : 'Add Contact';
  const addButtonView = (
    <button ref={addButton} type="button" className="primary" onClick={() => setAdding(true)}>
      {addLabel}
    </button>
  );

  return (
    <AccountScreen title="Manage Contacts" headingRef={heading}>
      <nav className="contacts-links" aria-label="Manage Contacts">
        <Link to={urls.home()}>Home</Link>
        <Link to={urls.cart()}>Proceed to Cart</Link>
      </nav>
      {contacts === null ? (
        <Loading />
      ) : (
        <>
          {contacts.length === 0 && !adding ? addButtonView : null}
          {adding ? (
            <ContactForm
              label="Add contact"
              initial={{ phone: '', address: '', isDefault: nextDefault }}
              showDefault
              onSave={onAdd}
              onCancel={closeAddForm}
            />
          ) : null}
          {contacts.length > 0 ? (
            <ul className="contact-list" aria-label="Saved contacts">
              {contacts.map((contact) => (
                <li key={contact._id}>
                  <ContactCard
                    contact={contact}
                    onDefault={(isDefault) => void setDefault(contact, isDefault)}
                    onUpdate={async (values) => {
                      const failure = await update({ ...contact, ...values });
                      if (failure === null) saved();
                      return failure;
                    }}
                    onDelete={() => void onDelete(contact._id)}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {contacts.length > 0 && !adding ? addButtonView : null}
        </>
      )}
    </AccountScreen>
  );
}
