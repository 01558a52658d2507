import { useOutletContext } from 'react-router';
import type { ApiStaffStore } from '../../../domain';
import type { StaffBoard } from './use-staff-board';

/** What the staff layout hands its screens: the store's controls and the live board. */
export interface StaffContext {
  store: ApiStaffStore;
  setStore: (store: ApiStaffStore) => void;
  board: StaffBoard;
}

export const useStaff = (): StaffContext => useOutletContext<StaffContext>();
