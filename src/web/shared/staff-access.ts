import { useOutletContext } from 'react-router';
import type { ApiStaffStore } from '../../domain';

/**
 * Who is using the staff app, as its layout hands it to every staff screen (the staff board's
 * `StaffContext` extends this): here so the admin's screens read it without importing the
 * board's feature. The API checks again on every request; this only says what to offer.
 */
export interface StaffAccess {
  /** The store admin: the screens show the admin's controls. */
  admin: boolean;
  store: ApiStaffStore;
}

export const useStaffAccess = (): StaffAccess => useOutletContext<StaffAccess>();
