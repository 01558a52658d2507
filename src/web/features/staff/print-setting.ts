import { useCallback, useState } from 'react';

/*
 * "Print a kitchen ticket when I accept an order": a choice of the tablet at the counter (the
 * one next to the receipt printer), not of the store, so it is kept in this browser only.
 */
const KEY = 'staff.printOnAccept';

export function readPrintOnAccept(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export function usePrintOnAccept(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readPrintOnAccept);
  const change = useCallback((next: boolean) => {
    try {
      if (next) window.localStorage.setItem(KEY, 'true');
      else window.localStorage.removeItem(KEY);
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
    setOn(next);
  }, []);
  return [on, change];
}
