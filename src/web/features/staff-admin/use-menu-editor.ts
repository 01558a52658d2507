import { useState } from 'react';
import { useStaffAccess } from '../../shared/staff-access';

/** Said wherever the screens refuse an edit, and what a 403 from the server reads like. */
export const EDITOR_ONLY =
  'Only the store admin can change the menu. You can still mark items sold out.';

/**
 * Whether this person edits the menu: the admin always, other staff when the admin allows it
 * (the store's `staffEditMenu`), as the staff layout already knows them: no request of its own.
 * Only what the screens offer: the server decides again on every change (403), and a refusal
 * (the admin took the leave back meanwhile) turns the screen read-only.
 */
export function useMenuEditor(): [boolean, () => void] {
  const { admin, store } = useStaffAccess();
  const [refused, setRefused] = useState(false);
  return [!refused && (admin || store.staffEditMenu), () => setRefused(true)];
}
