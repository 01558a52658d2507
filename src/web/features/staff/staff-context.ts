import { useOutletContext } from 'react-router';
import type { ApiStaffStore } from '../../../domain';
import type { StaffAccess } from '../../shared/staff-access';
import type { StaffBoard } from './use-staff-board';

/** What the staff layout hands its screens: who uses it, the store's controls, the live board. */
export interface StaffContext extends StaffAccess {
  setStore: (store: ApiStaffStore) => void;
  board: StaffBoard;
}

export const useStaff = (): StaffContext => useOutletContext<StaffContext>();
