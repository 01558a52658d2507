/** Rules for contacts and delivery addresses, shared by the browser and the server. */

/** Letters and digits in any script; everything else (spaces, commas, periods...) separates words. */
const WORD_SEPARATORS = /[^\p{L}\p{N}]+/u;

/**
 * The delivery area rule (spec 5: "contain both 'guelph' and 'on'"), read as whole words,
 * case-insensitive: the word "guelph", and the word "on" or "ontario". Words are runs of letters
 * and digits, so punctuation and postal codes around them do not matter ("Guelph, ON N1G 2W1",
 * "guelph ontario", "GUELPH,ON" pass). A plain substring test let "12 Gordon St, Guelph" through
 * ("Gord-on"), and "Toronto" would count as "on" too. Still as loose as the spec otherwise (no
 * street or postal code check); the staff read the address. The browser (order type, contacts,
 * checkout) and the server (contacts, Confirm Order) both call this one function, and refuse
 * with 'Please enter a valid address within Guelph, Ontario.'.
 */
export function isGuelphAddress(address: string): boolean {
  const words = new Set(address.toLowerCase().split(WORD_SEPARATORS));
  return words.has('guelph') && (words.has('on') || words.has('ontario'));
}

/**
 * A North American phone number as people type it: 10 digits, optionally a leading 1 or +1,
 * with spaces, dots, dashes or parentheses between.
 */
export function isPhoneNumber(phone: string): boolean {
  const text = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

/**
 * A phone number as every screen shows it: "(519) 555-0123" for a North American number however
 * it was typed ("519-555-0123", "+1 519 555 0123"); anything else as typed, trimmed. Display
 * only: what is stored and sent stays as the customer typed it.
 */
export function formatPhone(phone: string): string {
  const text = phone.trim();
  if (!isPhoneNumber(text)) return text;
  const digits = text.replace(/\D/g, '').slice(-10);
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
