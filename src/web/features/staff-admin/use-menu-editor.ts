import { useEffect, useState } from 'react';
import { isAbort } from '../../shared/api';
import { staffAdminApi } from './staff-admin-api';

/** Said wherever the screens refuse an edit, and what a 403 from the server reads like. */
export const EDITOR_ONLY =
  'Only the store admin can change the menu. You can still mark items sold out.';

/**
 * Whether this person edits the menu: the admin always, other staff when the admin allows it
 * (the store's `staffEditMenu`). `null` while asking. Only what the screens offer: the server
 * decides again on every change (403), and a refusal turns the screen read-only.
 */
export function useMenuEditor(): [boolean | null, (allowed: boolean) => void] {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([staffAdminApi.me(controller.signal), staffAdminApi.store(controller.signal)]).then(
      ([me, store]) => setAllowed(me.staffRole === 'admin' || store.staffEditMenu === true),
      (error: unknown) => {
        // Unknown: offer the controls and let the server's answer say.
        if (!isAbort(error)) setAllowed(true);
      },
    );
    return () => controller.abort();
  }, []);
  return [allowed, setAllowed];
}
