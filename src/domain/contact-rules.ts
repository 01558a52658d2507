/** Rules for contacts and delivery addresses, shared by the browser and the server. */

/**
 * The delivery area rule of the spec: non-empty and containing both "guelph" and "on",
 * case-insensitive. Deliberately as loose as the spec says; the staff still read the address.
 */
export function isGuelphAddress(address: string): boolean {
  const text = address.trim().toLowerCase();
  return text.length > 0 && text.includes('guelph') && text.includes('on');
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
