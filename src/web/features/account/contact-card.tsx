import { useId, useRef, useState } from 'react';
import { formatPhone } from '../../../domain';
import type { ApiContact } from '../../shared/types';
import type { MutationResult } from '../../shared/use-mutation';
import type { ContactInput } from './account-api';
import { ContactForm } from './contact-form';
import { CheckboxField } from './form-parts';

/** One saved contact: phone, address, Default box, Edit and Delete, or its inline edit form. */
export function ContactCard({
  contact,
  onDefault,
  saving,
  onUpdate,
  onDelete,
}: {
  contact: ApiContact;
  onDefault: (isDefault: boolean) => void;
  /** An edit is on its way (this card's or another's). */
  saving: boolean;
  onUpdate: (contact: ContactInput) => Promise<MutationResult<unknown>>;
  /** Asks before deleting; gets the Delete button, to give the focus back to. */
  onDelete: (button: HTMLButtonElement) => void;
}) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  // Leaving the edit form would drop focus on the page; put it back on this card's Edit.
  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  if (editing) {
    return (
      <ContactForm
        label={`Edit contact ${formatPhone(contact.phone)}`}
        initial={contact}
        showDefault={false}
        saving={saving}
        onSave={async (values) => {
          const result = await onUpdate(values);
          if (result.ok) closeEditor();
          return result;
        }}
        onCancel={closeEditor}
      />
    );
  }

  return (
    <article className="contact-card" aria-labelledby={titleId}>
      <p id={titleId}>
        <strong>Phone:</strong> {formatPhone(contact.phone)}
      </p>
      <p>
        <strong>Address:</strong> {contact.address}
      </p>
      <div className="contact-card-footer">
        <CheckboxField label="Default" checked={contact.isDefault} onChecked={onDefault} />
        <div className="contact-actions">
          <button
            ref={editButton}
            type="button"
            className="secondary"
            aria-describedby={titleId}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button
            type="button"
            className="secondary"
            aria-describedby={titleId}
            onClick={(event) => onDelete(event.currentTarget)}
          >
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}
