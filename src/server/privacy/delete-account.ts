import { ACCOUNT_MESSAGES, DELETED_CUSTOMER_NAME, type DeleteAccountInput } from '../../domain';
import { verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import type { PasswordCost } from '../config';
import type { Database } from '../data/db';
import { HttpError, conflict, notFound } from '../http/errors';
import { cartsRepository } from '../repositories/carts';
import { privacyRepository } from '../repositories/privacy';
import { usersRepository } from '../repositories/users';

/** Placeholders a deleted account's kept orders show (the staff board, the day's numbers). */
export const ERASURE_WORDS = { name: DELETED_CUSTOMER_NAME, address: 'Address removed' } as const;

/**
 * Whether `input` confirms deleting this account: its password when it has one; for an account
 * that signs in with Google only, its email typed again (case and spaces aside). A fresh Google
 * credential would prove more, but the caller already holds a live session of the account, and
 * the typed email guards against the one thing left, a click by mistake (docs/security.md).
 * `check` runs the password hash (the app's password gate decides when).
 */
export async function confirmsDeletion(
  account: { email: string; passwordHash: string | null },
  input: DeleteAccountInput,
  check: <T>(work: () => Promise<T>) => Promise<T>,
  cost: PasswordCost,
): Promise<void> {
  const { passwordHash } = account;
  if (passwordHash !== null) {
    const password = input.password ?? '';
    const valid = await check(() =>
      password === '' ? verifyAgainstDummy(password, cost) : verifyPassword(password, passwordHash),
    );
    if (!valid)
      throw new HttpError(400, ACCOUNT_MESSAGES.deleteWrongPassword, 'confirmation_mismatch');
    return;
  }
  const typed = (input.email ?? '').trim().toLowerCase();
  if (typed === '' || typed !== account.email.trim().toLowerCase()) {
    throw new HttpError(400, ACCOUNT_MESSAGES.deleteWrongEmail, 'confirmation_mismatch');
  }
}

/**
 * POST /api/user/{userId}/delete (PIPEDA: withdrawing consent, erasing what is no longer
 * needed). The confirmation is checked first, outside the transaction (a password hash is slow
 * and must not hold the account's lock); then in one transaction, the account's row locked:
 * refused for staff and for an account with an order in flight, else erased as
 * `repositories/privacy.ts` lists it. All or nothing: a refusal changes nothing.
 */
export async function deleteAccount(args: {
  db: Database;
  userId: string;
  input: DeleteAccountInput;
  check: <T>(work: () => Promise<T>) => Promise<T>;
  /** What the dummy check of an empty password costs (config.passwordCost). */
  cost: PasswordCost;
}): Promise<void> {
  const { db, userId, input, check, cost } = args;
  const account = await usersRepository(db).findById(userId);
  if (!account) throw notFound('No account with this id.');
  if (account.role !== 'customer')
    throw conflict(ACCOUNT_MESSAGES.deleteStaffAccount, 'staff_account');
  await confirmsDeletion(account, input, check, cost);
  await db.transaction(async (tx) => {
    const users = usersRepository(tx);
    if (!(await users.lock(userId))) throw notFound('No account with this id.');
    // Read again under the lock: the admin may have made the account staff meanwhile.
    const locked = await users.findById(userId);
    if (locked?.role !== 'customer') {
      throw conflict(ACCOUNT_MESSAGES.deleteStaffAccount, 'staff_account');
    }
    // The active cart first: placing an order locks that cart, so this waits for an order being
    // placed right now to commit, and the count below sees it (no order slips in unchecked).
    await cartsRepository(tx).removeActive(userId);
    const privacy = privacyRepository(tx);
    if ((await privacy.ordersInFlight(userId)) > 0) {
      throw conflict(ACCOUNT_MESSAGES.deleteOrderInProgress, 'order_in_progress');
    }
    await privacy.erase(userId, ERASURE_WORDS);
  });
}
