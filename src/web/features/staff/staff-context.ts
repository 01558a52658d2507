import { useOutletContext } from 'react-router';
import type { ApiStaffStore } from '../../../domain';
import type { StaffBoard } from './use-staff-board';

/** What the staff layout hands its screens: the store's controls and the live board. */
export interface StaffContext {
  store: ApiStaffStore;
  setStore: (store: ApiStaffStore) => void;
  board: StaffBoard;
  /** The store admin (the API checks again): the screens show the admin's controls. */
  admin: boolean;
}

export const useStaff = (): StaffContext => useOutletContext<StaffContext>();
