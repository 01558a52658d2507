/**
 * The spec's account texts and limits, in a module free of zod: the login screen and the contact
 * form show them without downloading the schemas (`account.ts`) that validate the same payloads.
 * Every message is a whole sentence the UI can show as it is.
 */
import { isGuelphAddress, isPhoneNumber } from './contact-rules';

/** Long passphrases are welcome; megabyte ones only cost hashing time. */
export const PASSWORD_MAX_LENGTH = 200;

/** How long a password reset link works (the mail and the messages below say so). */
export const PASSWORD_RESET_MINUTES = 30;

export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  duplicateEmail: 'An account with this email already exists.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  passwordChecksBusy: 'We are very busy signing people in. Please try again in a few seconds.',
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: 'Password must be at least 8 characters.',
  contactRequired: 'Phone and address are required.',
  addressOutsideArea: 'Please enter a valid address within Guelph, Ontario.',
  phoneInvalid: 'Please enter a valid phone number.',
  phoneEmpty: 'Phone number cannot be empty!',
  passwordTooLong: `Please keep the password under ${PASSWORD_MAX_LENGTH} characters.`,
  tooManyContacts: 'You can save up to 20 contacts. Please delete one before adding another.',
  googleLoginFailed: 'Google login failed.',
  registerFailed: 'Failed to register.',
  registerSucceeded: 'Registration Successful',
  updateContactFailed: 'Failed to update contact.',
  deleteContactFailed: 'Failed to delete contact.',
  deleteWrongPassword: 'That password is not right. Your account was not deleted.',
  deleteWrongEmail: 'That is not your account’s email. Your account was not deleted.',
  deleteOrderInProgress:
    'You have an order the store is still working on. You can delete your account once it is completed.',
  deleteStaffAccount:
    'A staff account cannot delete itself here. The store admin removes staff accounts on the Staff page.',
  accountDeleted: 'Your account has been deleted. Thank you for ordering with us.',
  exportFailed: 'Failed to download your data.',
  deleteAccountFailed: 'Failed to delete your account.',
  // The same answer whether or not the email has an account: it must not tell which.
  forgotPasswordSent: `If an account uses this email, we have sent it a message with a link to set a new password. The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
  resetTokenInvalid: `This password reset link is not valid any more: it was used already, it is older than ${PASSWORD_RESET_MINUTES} minutes, or it was copied incompletely. Please ask for a new one.`,
  passwordsDiffer: 'The two passwords are not the same.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** What a deleted account's orders say in place of the customer's name (the store keeps them). */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';
export const MAX_CONTACTS_PER_USER = 20;

/**
 * What is wrong with a contact, in the spec's words, or null when it is fine. Both fields are
 * required; the address must be in the delivery area and the phone must look like a phone.
 */
export function contactProblem(phone: string, address: string): string | null {
  if (phone.trim() === '' || address.trim() === '') return ACCOUNT_MESSAGES.contactRequired;
  if (!isGuelphAddress(address)) return ACCOUNT_MESSAGES.addressOutsideArea;
  if (!isPhoneNumber(phone)) return ACCOUNT_MESSAGES.phoneInvalid;
  return null;
}
