import { useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useOrderType } from '../../shared/order-type';
import { useSession } from '../../shared/session';
import type { ApiContact, ApiUser } from '../../shared/types';
import { Loading } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { returnPath, type ContactInput } from './account-api';
import { ContactCard } from './contact-card';
import { ContactForm } from './contact-form';
import { DeleteContactDialog } from './delete-contact-dialog';
import { useContacts } from './use-contacts';
import { AccountScreen } from './form-parts';
import { AccountDeleted, YourData } from './your-data';
import { MailPreferences } from './mail-preferences';
import './account.css';

/** Manage Contacts needs a signed-in user; anyone else logs in first and comes back here. */
export default function ManageContactsScreen() {
  const { user, checked, forgetUser } = useSession();
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <AccountDeleted />;
  if (!user) {
    // A session cookie without a stored user (storage cleared) still counts: ask the server first.
    if (!checked) return <Loading />;
    return <Navigate to={urls.login()} replace state={{ from: urls.manageContacts() }} />;
  }
  const onAccountDeleted = () => {
    // One render: this screen leaves for Home rather than for Login, as a signed-out one would.
    setDeleted(true);
    forgetUser();
  };
  return <ContactsManager key={user._id} user={user} onAccountDeleted={onAccountDeleted} />;
}

function ContactsManager({
  user,
  onAccountDeleted,
}: {
  user: ApiUser;
  onAccountDeleted: () => void;
}) {
  // Deleting a card drops the focus it held; the heading takes it back.
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const from = returnPath(useLocation().state);
  const { contacts, add, update, remove, setDefault, pending } = useContacts(user);
  const { orderType } = useOrderType();
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
    const result = await add(contact);
    if (result.ok) {
      setNextDefault(false);
      closeAddForm();
      saved();
    }
    return result;
  };

  // Delete asks first; the button that asked gets the focus back unless the card is gone.
  const [deleting, setDeleting] = useState<ApiContact | null>(null);
  const deleteButton = useRef<HTMLButtonElement | null>(null);
  const closeDeleteDialog = (deleted: boolean) => {
    setDeleting(null);
    const back = deleteButton.current;
    requestAnimationFrame(() => (!deleted && back?.isConnected ? back : heading.current)?.focus());
  };
  const onDelete = async (contactId: string) => {
    const result = await remove(contactId);
    // Still on its way elsewhere (or the screen was left): the dialog stays for its answer.
    if (result.ok || result.error !== null) closeDeleteDialog(result.ok);
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
          {contacts.length === 0 && !adding ? (
            <div className="contacts-empty">
              {orderType === 'pickup' ? (
                // A pickup needs no address: Checkout asks for the phone alone.
                <p>
                  You have no saved contacts yet. For pickup we only need a phone number, and
                  Checkout asks for it. Save a contact with an address in Guelph, Ontario, to have
                  it delivered.
                </p>
              ) : (
                <p>
                  You have no saved contacts yet. To order, we need a phone number to reach you and
                  an address in Guelph, Ontario, the area we deliver to.
                </p>
              )}
              {addButtonView}
            </div>
          ) : null}
          {adding ? (
            <ContactForm
              label="Add contact"
              initial={{ phone: '', address: '', isDefault: nextDefault }}
              showDefault
              saving={pending.add}
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
                    saving={pending.update}
                    onUpdate={async (values) => {
                      const result = await update({ ...contact, ...values });
                      if (result.ok) saved();
                      return result;
                    }}
                    onDelete={(button) => {
                      deleteButton.current = button;
                      setDeleting(contact);
                    }}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {contacts.length > 0 && !adding ? addButtonView : null}
        </>
      )}
      <YourData userId={user._id} onDeleted={onAccountDeleted} />
      <MailPreferences userId={user._id} />
      {deleting ? (
        <DeleteContactDialog
          contact={deleting}
          deleting={pending.remove}
          onCancel={() => closeDeleteDialog(false)}
          onConfirm={() => onDelete(deleting._id)}
        />
      ) : null}
    </AccountScreen>
  );
}
