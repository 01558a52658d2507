import { useId, useState, type SubmitEvent } from 'react';
import { ACCOUNT_MESSAGES, contactProblem } from '../../../domain/account-messages';
import type { ContactInput } from './account-api';
import { Field } from '../../shared/field';
import type { MutationResult } from '../../shared/use-mutation';
import { CheckboxField, FormError } from './form-parts';

/**
 * The add form and the inline edit form of Manage Contacts. It checks the fields itself (the
 * spec's alerts); the parent closes it once `onSave` succeeds. The address is a plain labelled
 * field; place autocomplete arrives with GOOGLE_MAPS_API_KEY.
 */
export function ContactForm({
  label,
  initial,
  showDefault,
  saving,
  onSave,
  onCancel,
}: {
  /** The form's accessible name, e.g. 'Add contact' or 'Edit contact 519-555-0100'. */
  label: string;
  initial: ContactInput;
  /** The add form offers 'Set as Default'; a card's edit keeps its own Default box. */
  showDefault: boolean;
  /** The save is on its way: Save waits (a second press sends nothing). */
  saving: boolean;
  /** The parent's change (use-contacts): on success it closes this form; a failure is said here. */
  onSave: (contact: ContactInput) => Promise<MutationResult<unknown>>;
  onCancel: () => void;
}) {
  const errorId = useId();
  const [phone, setPhone] = useState(initial.phone);
  const [address, setAddress] = useState(initial.address);
  const [isDefault, setIsDefault] = useState(initial.isDefault);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const problem = contactProblem(phone, address);
    // Said next to the form only (FormError is a live region): no toast repeats it.
    setError(problem);
    if (problem) return;
    const result = await onSave({ phone: phone.trim(), address: address.trim(), isDefault });
    // On success the parent closes this form, so only a failure updates it.
    if (!result.ok && result.problem !== null) setError(result.problem);
  };

  const invalid = error !== null;
  const phoneInvalid = invalid && (!phone.trim() || error === ACCOUNT_MESSAGES.phoneInvalid);
  const addressInvalid =
    invalid && (!address.trim() || error === ACCOUNT_MESSAGES.addressOutsideArea);
  return (
    <form
      className="contact-form account-form"
      aria-label={label}
      aria-describedby={invalid ? errorId : undefined}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <Field
        label="Phone No"
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        aria-required="true"
        aria-invalid={phoneInvalid || undefined}
        autoFocus
        value={phone}
        onValue={setPhone}
      />
      <Field
        label="Address"
        type="text"
        name="address"
        autoComplete="street-address"
        aria-required="true"
        aria-invalid={addressInvalid || undefined}
        value={address}
        onValue={setAddress}
      />
      {showDefault ? (
        <CheckboxField label="Set as Default" checked={isDefault} onChecked={setIsDefault} />
      ) : null}
      <FormError id={errorId} message={error} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={saving}>
          Save
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
