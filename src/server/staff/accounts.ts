import type { ApiStaffUser } from '../../domain';
import { hashPassword } from '../auth/passwords';
import type { PasswordCost } from '../config';
import type { Database } from '../data/db';
import { conflict, notFound } from '../http/errors';
import { isUuid } from '../../domain/ids';
import { passwordResetsRepository } from '../repositories/password-resets';
import { sessionsRepository } from '../repositories/sessions';
import { isUniqueViolation, usersRepository, type UserRecord } from '../repositories/users';

/**
 * The staff's accounts, managed by the admin (issue 9). Passwords follow registration's rules
 * and are hashed the same way (`auth/passwords.ts`).
 *
 * Removing an account does not delete it: orders reference their user with ON DELETE CASCADE,
 * so deleting a staff member who ever ordered would erase sales history from the reports. The
 * account becomes a closed customer instead (no password, no Google link: `isClosed`), and in
 * the same transaction every session and every reset link ends, so it can do nothing: its next
 * request is 401, a link mailed before is refused, asking again mails nothing, and Google
 * sign-in with its email is refused. A device cookie it holds only picks which limit counts a
 * password check, and there is no password left to check. Its email stays taken, so adding
 * the same person again answers 409.
 */

type StaffRecord = UserRecord & { createdAt: Date };

const present = (user: StaffRecord): ApiStaffUser => ({
  _id: user.id,
  name: user.name,
  email: user.email,
  // listStaff and createStaff only return these two roles.
  role: user.role === 'admin' ? 'admin' : 'staff',
  createdAt: user.createdAt.toISOString(),
});

const EMAIL_TAKEN =
  'An account with this email already exists. Choose another email for the new staff member.';

export async function listStaffAccounts(db: Database): Promise<ApiStaffUser[]> {
  return (await usersRepository(db).listStaff()).map(present);
}

export async function addStaffAccount(
  db: Database,
  input: { name: string; email: string; password: string },
  cost: PasswordCost,
): Promise<ApiStaffUser> {
  const users = usersRepository(db);
  // Checked before the (deliberately slow) hash; the unique index still decides under a race.
  if (await users.findByEmail(input.email)) throw conflict(EMAIL_TAKEN, 'email_taken');
  const passwordHash = await hashPassword(input.password, cost);
  try {
    return present(await users.createStaff({ ...input, passwordHash }));
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw conflict(EMAIL_TAKEN, 'email_taken');
    throw error;
  }
}

/** A staff or admin account by its id from the path; 404 for anything else. */
async function findStaff(db: Database, id: string): Promise<UserRecord> {
  const user = isUuid(id) ? await usersRepository(db).findById(id) : null;
  if (!user || (user.role !== 'staff' && user.role !== 'admin')) {
    throw notFound('No staff account with this id.');
  }
  return user;
}

export async function removeStaffAccount(
  db: Database,
  callerId: string,
  id: string,
): Promise<void> {
  const user = await findStaff(db, id);
  // The id the database holds, not the one sent: the same account has more than one spelling.
  if (user.id === callerId) {
    throw conflict(
      'You cannot remove your own account. Another admin would have to do it.',
      'own_account',
    );
  }
  await db.transaction(async (tx) => {
    await usersRepository(tx).removeFromStaff(user.id);
    await sessionsRepository(tx).removeAllOf(user.id);
    await passwordResetsRepository(tx).removeAllOf(user.id);
  });
}

export async function resetStaffPassword(
  db: Database,
  id: string,
  password: string,
  cost: PasswordCost,
): Promise<void> {
  const user = await findStaff(db, id);
  const passwordHash = await hashPassword(password, cost);
  await db.transaction(async (tx) => {
    await usersRepository(tx).setPasswordHash(user.id, passwordHash);
    await sessionsRepository(tx).removeAllOf(user.id);
  });
}
