import type { PasswordCost } from '../config';
import type { Database } from '../data/db';
import { sessionsRepository } from '../repositories/sessions';
import { usersRepository } from '../repositories/users';
import { hashPassword, verifyPassword } from './passwords';

/**
 * The store's admin account from ADMIN_EMAIL / ADMIN_PASSWORD, created or reset at start so the
 * owner can always get in. A restart with the same password changes nothing (staff stay signed
 * in); a new password replaces the old one and ends the account's sessions.
 */
export async function ensureAdmin(
  db: Database,
  admin: { email: string; password: string },
  cost: PasswordCost,
): Promise<'created' | 'reset' | 'unchanged'> {
  return db.transaction(async (tx) => {
    const users = usersRepository(tx);
    const existing = await users.findByEmail(admin.email);
    if (
      existing?.role === 'admin' &&
      existing.passwordHash &&
      (await verifyPassword(admin.password, existing.passwordHash))
    ) {
      return 'unchanged';
    }
    const user = await users.upsertAdmin({
      name: existing?.name ?? 'Store admin',
      email: admin.email,
      passwordHash: await hashPassword(admin.password, cost),
    });
    if (!existing) return 'created';
    await sessionsRepository(tx).removeAllOf(user.id);
    return 'reset';
  });
}
