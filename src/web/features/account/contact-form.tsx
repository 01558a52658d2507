import { useId, useState, type SubmitEvent } from 'react';
import { ACCOUNT_MESSAGES, contactProblem } from '../../../domain/account-messages';
import type { ContactInput } from './account-api';
import { Field } from '../../shared/field';
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
  onSave,
  onCancel,
}: {
  /** The form's accessible name, e.g. 'Add contact' or 'Edit contact 519-555-0100'. */
  label: string;
  initial: ContactInput;
  /** The add form offers 'Set as Default'; a card's edit keeps its own Default box. */
  showDefault: boolean;
  /** Resolves to null once saved, or to the failure message (already announced as a notice). */
  onSave: (contact: ContactInput) => Promise<string | null>;
  onCancel: () => void;
}) {
  const errorId = useId();
  const [phone, setPhone] = useState(initial.phone);
  const [address, setAddress] = useState(initial.address);
  const [isDefault, setIsDefault] = useState(initial.isDefault);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = contactProblem(phone, address);
    // Said next to the form only (FormError is a live region): no toast repeats it.
    setError(problem);
    if (problem) return;
    setBusy(true);
    const failure = await onSave({ phone: phone.trim(), address: address.trim(), isDefault });
    // On success the parent closes this form, so only a failure updates it.
    if (failure !== null) {
      setError(failure);
      setBusy(false);
    }
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
        <button type="submit" className="primary" disabled={busy}>
          Save
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
