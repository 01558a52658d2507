import { useEffect, useId, useState } from 'react';
import { useMutation } from '../../shared/use-mutation';
import { accountApi } from './account-api';
import { CheckboxField, FormError } from './form-parts';

const SAVE_FAILED = 'Your choice was not saved. Check the connection and try again.';

/**
 * The optional order mails (issue 35): ready for pickup and out for delivery can be turned
 * off; the receipt and the store's answer are always sent, and the section says so. Shown once
 * the server's setting is read, so the box never shows a guess.
 */
export function MailPreferences({ userId }: { userId: string }) {
  const headingId = useId();
  const errorId = useId();
  const [orderUpdates, setOrderUpdates] = useState<boolean | null>(null);
  const saving = useMutation(
    (next: boolean, signal: AbortSignal) =>
      accountApi.setMailPreferences(userId, { orderUpdates: next }, signal),
    { fallback: SAVE_FAILED },
  );

  useEffect(() => {
    const controller = new AbortController();
    accountApi.mailPreferences(userId, controller.signal).then(
      (preferences) => setOrderUpdates(preferences.orderUpdates),
      // Not read: the section stays hidden rather than show a setting it does not know.
      () => undefined,
    );
    return () => controller.abort();
  }, [userId]);

  if (orderUpdates === null) return null;

  // The box shows the tap at once (a checkbox that waits for the network looks broken) and
  // goes back if the server refused it; the fieldset waits meanwhile, so one change at a time.
  const change = async (next: boolean) => {
    const previous = orderUpdates;
    setOrderUpdates(next);
    const result = await saving.run(next);
    if (result.ok) setOrderUpdates(result.value.orderUpdates);
    else if (result.error !== null) setOrderUpdates(previous);
  };

  return (
    <section className="mail-preferences" aria-labelledby={headingId}>
      <h2 id={headingId}>Order emails</h2>
      <p>We always email your receipt and the store’s answer to your order.</p>
      <fieldset disabled={saving.pending} aria-describedby={errorId}>
        <legend className="visually-hidden">Optional order emails</legend>
        <CheckboxField
          label="Also email me when my order is ready for pickup or out for delivery"
          checked={orderUpdates}
          onChecked={(next) => void change(next)}
        />
      </fieldset>
      <FormError id={errorId} message={saving.problem} />
    </section>
  );
}
