/**
 * Account payloads (register, login, social login, contacts) and the spec's message texts,
 * shared by the browser and the server so both apply the same rules and say the same words.
 * Every message is a whole sentence the UI can show as it is.
 */
import { z } from './zod';
import { isGuelphAddress, isPhoneNumber } from './contact-rules';

export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  duplicateEmail: 'An account with this email already exists.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: 'Password must be at least 8 characters.',
  contactRequired: 'Phone and address are required.',
  addressOutsideArea: 'Please enter a valid address within Guelph, Ontario.',
  phoneInvalid: 'Please enter a valid phone number.',
  phoneEmpty: 'Phone number cannot be empty!',
  tooManyContacts: 'You can save up to 20 contacts. Please delete one before adding another.',
  googleLoginFailed: 'Google login failed.',
  registerFailed: 'Failed to register.',
  registerSucceeded: 'Registration Successful',
  updateContactFailed: 'Failed to update contact.',
  deleteContactFailed: 'Failed to delete contact.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
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

/**
 * Text as a person types it: no control characters other than tab and line breaks, and no
 * unpaired surrogate. NUL cannot even be stored in a Postgres text column.
 */
export function isPlainText(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const control = (code < 0x20 && !['\t', '\n', '\r'].includes(char)) || code === 0x7f;
    if (control || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return true;
}

/** A contact as typed: strings (trimmed), nothing checked yet beyond lengths. */
const contactDraftSchema = z.object(
  {
    phone: z.string({ error: ACCOUNT_MESSAGES.contactRequired }).trim().max(40, {
      error: ACCOUNT_MESSAGES.phoneInvalid,
    }),
    address: z
      .string({ error: ACCOUNT_MESSAGES.contactRequired })
      .trim()
      .max(300, { error: 'Please keep the address under 300 characters.' })
      .refine(isPlainText, { error: 'Please remove special characters from the address.' }),
    isDefault: z.boolean({ error: 'isDefault must be true or false.' }).optional(),
  },
  { error: 'Send the contact as a JSON object with phone and address.' },
);

/** A contact to save (add or edit): both fields required, Guelph address, a phone number. */
export const contactSchema = contactDraftSchema.superRefine((contact, ctx) => {
  const problem = contactProblem(contact.phone, contact.address);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const isBlankContact = (contact: z.output<typeof contactDraftSchema>): boolean =>
  contact.phone === '' && contact.address === '';

const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailInvalid })
  .trim()
  .max(254, { error: ACCOUNT_MESSAGES.emailInvalid })
  .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }));

export const registerSchema = z.object(
  {
    name: z
      .string({ error: ACCOUNT_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: ACCOUNT_MESSAGES.nameRequired })
      .max(100, { error: 'Please keep the name under 100 characters.' })
      .refine(isPlainText, { error: 'Please remove special characters from the name.' }),
    email: emailSchema,
    password: z
      .string({ error: ACCOUNT_MESSAGES.passwordRequired })
      .min(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort })
      // Long passphrases are welcome; megabyte ones only cost hashing time.
      .max(200, { error: 'Please keep the password under 200 characters.' }),
    // The spec's form sends one entry; a blank entry (no phone, no address) is simply dropped.
    contacts: z
      .array(contactDraftSchema, { error: 'contacts must be a list.' })
      .max(MAX_CONTACTS_PER_USER, { error: ACCOUNT_MESSAGES.tooManyContacts })
      .default([])
      .transform((contacts) => contacts.filter((contact) => !isBlankContact(contact)))
      .pipe(z.array(contactSchema)),
  },
  { error: 'Send name, email and password as a JSON object.' },
);

export const loginSchema = z.object(
  {
    email: emailSchema,
    password: z
      .string({ error: ACCOUNT_MESSAGES.passwordRequired })
      .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
      .max(200, { error: ACCOUNT_MESSAGES.invalidCredentials }),
  },
  { error: 'Send email and password as a JSON object.' },
);

/** Social sign-in sends only the provider's signed credential; nothing else is trusted. */
export const socialLoginSchema = z.object(
  {
    credential: z
      .string({ error: ACCOUNT_MESSAGES.googleLoginFailed })
      .min(1, { error: ACCOUNT_MESSAGES.googleLoginFailed })
      .max(8192, { error: ACCOUNT_MESSAGES.googleLoginFailed }),
  },
  { error: ACCOUNT_MESSAGES.googleLoginFailed },
);

/** The phone of PUT /contacts/default/{phone}. */
export const defaultPhoneSchema = z
  .string()
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.phoneEmpty })
  .refine(isPhoneNumber, { error: ACCOUNT_MESSAGES.phoneInvalid });
