import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES, CHECKOUT_MESSAGES, formatPhone } from '../../../domain';
import { refusalReason } from '../../shared/api';
import { useNotice } from '../../shared/notices';
import { useMutation } from '../../shared/use-mutation';
import type { ApiDefaultContact } from '../../shared/types';
import { urls } from '../../shared/urls';
import { checkoutApi } from './checkout-api';
import type { DefaultContactState } from './use-default-contact';

/**
 * The phone the store calls about this order. With a default contact it shows that phone and
 * an Edit that saves a new one as the default (PUT .../contacts/default/{phone}, the spec's
 * texts); without one (or when it could not be loaded) a field asks for a phone for this order.
 */
export function ContactSection({
  userId,
  state,
  onSaved,
  phone,
  onPhone,
}: {
  userId: string;
  state: DefaultContactState;
  onSaved: (contact: ApiDefaultContact) => void;
  /** The phone for this order when there is no default one to use. */
  phone: string;
  onPhone: (phone: string) => void;
}) {
  const id = useId();
  const notify = useNotice();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<{ text: string; attempt: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) input.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const updating = useMutation((phone: string) => checkoutApi.updateDefaultPhone(userId, phone), {
    fallback: CHECKOUT_MESSAGES.phoneUpdateFailed,
  });
  const saving = updating.pending;

  if (state.status === 'loading') {
    return (
      <section className="checkout-section" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Contact</h2>
        <p className="loading" role="status">
          {CHECKOUT_MESSAGES.loadingContact}
        </p>
      </section>
    );
  }

  const saved = state.status === 'ready' ? state.contact.phone : '';

  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
    setProblem(null);
  };

  const save = async () => {
    const next = draft.trim();
    if (next === '') {
      setProblem((before) => ({
        text: ACCOUNT_MESSAGES.phoneEmpty,
        attempt: (before?.attempt ?? 0) + 1,
      }));
      return;
    }
    const result = await updating.run(next);
    if (result.ok) {
      onSaved(result.value);
      notify(CHECKOUT_MESSAGES.phoneUpdated, 'success');
      stopEditing();
      return;
    }
    if (!result.error) return;
    const reason = refusalReason(result.error);
    // A refusal is the customer's to read; anything else is ours to look into.
    if (!reason) console.warn('Updating the default phone failed', result.error);
    setProblem((before) => ({
      text: reason
        ? `${CHECKOUT_MESSAGES.phoneUpdateFailed} ${reason}`
        : CHECKOUT_MESSAGES.phoneUpdateFailed,
      attempt: (before?.attempt ?? 0) + 1,
    }));
  };

  return (
    <section className="checkout-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Contact</h2>
      {saved === '' ? (
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone number</label>
          <input
            id={`${id}-phone`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={phone}
            onChange={(event) => onPhone(event.target.value)}
            aria-describedby={`${id}-phone-hint`}
          />
          <p id={`${id}-phone-hint`} className="field-hint">
            We call this number if there is a question about your order.{' '}
            <Link to={urls.manageContacts()} state={{ from: urls.checkout() }}>
              Save a contact
            </Link>{' '}
            to skip this next time.
          </p>
        </div>
      ) : editing ? (
        // Not a <form>: it sits inside Checkout's form, and forms cannot nest.
        <div className="phone-edit" role="group" aria-label="Edit phone number">
          <div className="field">
            <label htmlFor={`${id}-edit`}>Phone number</label>
            <input
              ref={input}
              id={`${id}-edit`}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                // Enter saves the phone, as in a form of its own (not Confirm Order).
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (!saving) void save();
                }
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-edit-error` : undefined}
            />
          </div>
          {problem ? (
            <p key={problem.attempt} id={`${id}-edit-error`} className="error-message" role="alert">
              {problem.text}
            </p>
          ) : null}
          <div className="row-actions">
            <button type="button" className="primary" disabled={saving} onClick={() => void save()}>
              {saving ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="secondary" disabled={saving} onClick={stopEditing}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div className="contact-view">
          <p>
            <span className="muted">Phone</span>{' '}
            <strong data-testid="checkout-phone">{formatPhone(saved)}</strong>
          </p>
          <button
            ref={editButton}
            type="button"
            className="secondary"
            onClick={() => {
              setDraft(saved);
              setProblem(null);
              setEditing(true);
            }}
          >
            Edit<span className="visually-hidden"> phone number</span>
          </button>
        </div>
      )}
    </section>
  );
}
