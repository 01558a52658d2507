import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../domain';
import { useNotice } from '../../shared/notices';
import type { ApiAccountExport } from '../../shared/types';
import { urls } from '../../shared/urls';
import { useMutation } from '../../shared/use-mutation';
import { accountApi } from './account-api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { FormError } from './form-parts';

/** Hands the export to the browser as a file download, named by the day it was made. */
function saveAsFile(data: ApiAccountExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `my-pizza-account-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * My Account's "Your data" (issue 35, Canada's PIPEDA): download everything the store keeps about
 * the account as JSON, or delete the account. A failure is said here, next to its button.
 */
export function YourData({ userId, onDeleted }: { userId: string; onDeleted: () => void }) {
  const download = useMutation((_: null, signal) => accountApi.exportData(userId, signal), {
    fallback: ACCOUNT_MESSAGES.exportFailed,
  });
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const onDownload = async () => {
    const result = await download.run(null);
    if (result.ok) saveAsFile(result.value);
  };

  return (
    <section className="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p>
        Download a copy of what we keep about you (your account, contacts, orders and the mails we
        sent you), or delete your account.
      </p>
      <div className="your-data-actions">
        <button
          type="button"
          className="secondary"
          aria-disabled={download.pending || undefined}
          onClick={() => void onDownload()}
        >
          {download.pending ? 'Preparing...' : 'Download my data'}
        </button>
        <button
          ref={deleteButton}
          type="button"
          className="secondary"
          onClick={() => setDeleting(true)}
        >
          Delete my account
        </button>
      </div>
      <FormError id="your-data-error" message={download.problem} />
      {deleting ? (
        <DeleteAccountDialog
          userId={userId}
          onCancel={() => {
            setDeleting(false);
            requestAnimationFrame(() => deleteButton.current?.focus());
          }}
          onDeleted={onDeleted}
        />
      ) : null}
    </section>
  );
}

/**
 * What My Account shows once its account is deleted: nothing, while it takes the person Home
 * and says so there. The screen renders this instead of its signed-out redirect to Login, in
 * the same render that forgets the user (`forgetUser`), so nothing sends them to Login first.
 */
export function AccountDeleted() {
  const navigate = useNavigate();
  const notify = useNotice();
  useEffect(() => {
    void Promise.resolve(navigate(urls.home(), { replace: true })).then(() =>
      notify(ACCOUNT_MESSAGES.accountDeleted, 'success'),
    );
  }, [navigate, notify]);
  return null;
}
