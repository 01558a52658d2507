import { PASSWORD_RESET_MINUTES } from '../../../domain';
import type { MailContent } from '../render';

/** The mail of "Forgot password?": the single-use link to set a new password. */
export function passwordResetMail(input: {
  storeName: string;
  email: string;
  link: string;
}): MailContent {
  return {
    subject: `Set a new password for ${input.storeName}`,
    blocks: [
      { kind: 'heading', text: 'Set a new password' },
      {
        kind: 'paragraph',
        text: `Someone, we hope you, asked to set a new password for the account ${input.email} at ${input.storeName}. The link below works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
      },
      { kind: 'link', label: 'Set a new password', href: input.link },
      {
        kind: 'paragraph',
        text: 'If you did not ask, you can ignore this mail: your password stays as it is.',
      },
    ],
  };
}

/**
 * The answer to "Forgot password?" for an account with no password (it signs in with Google):
 * there is nothing to reset, so it says how to sign in, and holds no link.
 */
export function googleOnlyMail(input: { storeName: string; email: string }): MailContent {
  return {
    subject: `How you sign in to ${input.storeName}`,
    blocks: [
      { kind: 'heading', text: 'You sign in with Google' },
      {
        kind: 'paragraph',
        text: `Someone, we hope you, asked to set a new password for the account ${input.email} at ${input.storeName}. This account has no password: it signs in with Google. On the sign-in page, choose "Sign in with Google".`,
      },
      {
        kind: 'paragraph',
        text: 'If you did not ask, you can ignore this mail: nothing has changed.',
      },
    ],
  };
}
