import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, PASSWORD_RESET_MINUTES } from '../../domain';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { renderMail } from '../mail/render';
import { googleOnlyMail, passwordResetMail } from '../mail/templates/password-reset';
import { passwordResetsRepository } from '../repositories/password-resets';
import { usersRepository } from '../repositories/users';

export const hashResetToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export const invalidResetToken = () =>
  new HttpError(400, ACCOUNT_MESSAGES.resetTokenInvalid, 'invalid_reset_token');

/**
 * "Forgot password?": queues the mail for the account with this email, if any: a single-use
 * link for an account with a password, a note that it signs in with Google for one without;
 * nothing for a closed account (a removed staff member: `isClosed`).
 *
 * The route answers first, the same for every email, and runs this after the answer
 * (`reply.afterAnswer`): done before it, even one statement alike for both left a known email
 * slower in about 60 of 100 interleaved pairs (issue 45). The work is still kept alike, so
 * what a following request could feel of it is small too: a token is made and hashed, the
 * account looked up and both mails rendered for every email, then one statement, the same one
 * for every email (`requestForEmail`), stores and queues what applies. The mail is sent later
 * by the outbox's sender, so nothing waits on a mail server either.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashResetToken(token);
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000);
  const store = await ctx.catalogue.settings();
  // Never the request's Host header: whoever asks writes it, and the link goes to someone else.
  const link = `${ctx.config.publicOrigin}/reset-password?token=${encodeURIComponent(token)}`;
  const account = await usersRepository(ctx.db).findByEmail(email);
  const to = account?.email ?? email;
  await passwordResetsRepository(ctx.db).requestForEmail({
    tokenHash,
    email,
    expiresAt,
    resetMail: renderMail(passwordResetMail({ storeName: store.name, email: to, link }), store),
    googleOnlyMail: renderMail(googleOnlyMail({ storeName: store.name, email: to }), store),
  });
}
