/*
 * Apart from store-contact.ts, which the first view's error screen reads: Rollup places a module
 * in one chunk with every export any chunk uses, so the staff's check would ride in the entry.
 */

/**
 * The store's HST registration number as the receipt prints it: the business number's nine
 * digits, `RT` and the account's four (`123456789 RT0001`), however it was spaced or cased when
 * typed; '' for none; null for text that is no such number.
 */
export function normaliseHstNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (compact === '') return '';
  const match = /^(\d{9})RT(\d{4})$/.exec(compact);
  return match ? `${match[1]} RT${match[2]}` : null;
}

export const HST_NUMBER_MESSAGE =
  'Please give the HST number as on the registration, like 123456789 RT0001, or leave it empty.';
