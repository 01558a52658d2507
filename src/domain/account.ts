/**
 * Account payloads (register, login, social login, contacts), shared by the browser and the
 * server so both apply the same rules. Their texts live in `account-messages.ts`, free of zod, so
 * a screen that only shows a message does not download the schemas.
 */
import { z } from './zod';
import {
  ACCOUNT_MESSAGES,
  contactProblem,
  MAX_CONTACTS_PER_USER,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './account-messages';
import { isPhoneNumber } from './contact-rules';
import { isPlainText, stripInvisible } from './plain-text';

/** A contact as typed: strings (trimmed), nothing checked yet beyond lengths. */
const contactDraftSchema = z.object(
  {
    phone: z.string({ error: ACCOUNT_MESSAGES.contactRequired }).trim().max(40, {
      error: ACCOUNT_MESSAGES.phoneInvalid,
    }),
    address: z
      .string({ error: ACCOUNT_MESSAGES.contactRequired })
      .overwrite(stripInvisible)
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

/** A password being chosen: at registration and at a reset, the same rules and messages. */
const newPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooLong });

export const registerSchema = z.object(
  {
    name: z
      .string({ error: ACCOUNT_MESSAGES.nameRequired })
      .overwrite(stripInvisible)
      .trim()
      .min(1, { error: ACCOUNT_MESSAGES.nameRequired })
      .max(100, { error: 'Please keep the name under 100 characters.' })
      .refine(isPlainText, { error: 'Please remove special characters from the name.' }),
    email: emailSchema,
    password: newPasswordSchema,
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
      .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.invalidCredentials }),
  },
  { error: 'Send email and password as a JSON object.' },
);

export const forgotPasswordSchema = z.object(
  { email: emailSchema },
  { error: 'Send the email as a JSON object.' },
);

/** The token is the link's; its length is checked only so a megabyte is not hashed. */
export const resetPasswordSchema = z.object(
  {
    token: z
      .string({ error: ACCOUNT_MESSAGES.resetTokenInvalid })
      .min(1, { error: ACCOUNT_MESSAGES.resetTokenInvalid })
      .max(200, { error: ACCOUNT_MESSAGES.resetTokenInvalid }),
    password: newPasswordSchema,
  },
  { error: 'Send the token and the new password as a JSON object.' },
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

/**
 * Deleting one's own account: the confirmation is the account's password, or for an account
 * that signs in with Google only, its email typed again. Either may be sent; the server decides
 * which one the account needs, so a wrong or missing one is the same 400.
 */
export const deleteAccountSchema = z.object(
  {
    password: z
      .string({ error: ACCOUNT_MESSAGES.passwordRequired })
      .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.deleteWrongPassword })
      .optional(),
    email: z
      .string({ error: ACCOUNT_MESSAGES.emailInvalid })
      .trim()
      .max(254, { error: ACCOUNT_MESSAGES.deleteWrongEmail })
      .optional(),
  },
  { error: 'Send your password (or your email) as a JSON object.' },
);
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The phone of PUT /contacts/default/{phone}. */
export const defaultPhoneSchema = z
  .string()
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.phoneEmpty })
  .refine(isPhoneNumber, { error: ACCOUNT_MESSAGES.phoneInvalid });
