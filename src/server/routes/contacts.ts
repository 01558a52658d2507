import {
  ACCOUNT_MESSAGES,
  MAX_CONTACTS_PER_USER,
  contactSchema,
  defaultPhoneSchema,
  type ApiContact,
  type ApiUser,
} from '../../domain';
import { requireSelf } from '../auth/sessions';
import type { RouteModule } from '../context';
import type { Queryable } from '../data/db';
import { HttpError, badRequest, notFound, parseInput } from '../http/errors';
import { contactsRepository, type Contact } from '../repositories/contacts';
import { isUuid } from '../repositories/products';
import { usersRepository } from '../repositories/users';

export const presentContact = (contact: Contact): ApiContact => ({
  _id: contact.id,
  phone: contact.phone,
  address: contact.address,
  isDefault: contact.isDefault,
});

export async function loadApiUser(
  db: Queryable,
  user: { id: string; name: string; email: string },
): Promise<ApiUser> {
  const contacts = await contactsRepository(db).list(user.id);
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    contacts: contacts.map(presentContact),
  };
}

function contactId(id: string): string {
  if (!isUuid(id)) throw badRequest(`"${id}" is not a valid contact id.`, 'invalid_id');
  return id;
}

const NO_CONTACT = 'No contact with this id.';

interface UserParams {
  userId: string;
}
interface ContactParams extends UserParams {
  contactId: string;
}

/**
 * A user's saved contacts (issue 3). Every route names a user id and is guarded by requireSelf.
 * Invariant kept by every write: a user with contacts has exactly one default (the database's
 * partial unique index allows at most one; the first contact and the promotion after deleting
 * the default provide at least one). Writes lock the user's row so concurrent requests of the
 * same user cannot break the cap or the single default.
 */
export const contactRoutes: RouteModule = (app, ctx) => {
  const contacts = contactsRepository(ctx.db);
  const listFor = async (db: Queryable, userId: string) =>
    (await contactsRepository(db).list(userId)).map(presentContact);

  app.get<{ Params: UserParams }>('/user/:userId/contacts', async (request) => {
    const user = await requireSelf(request, ctx, request.params.userId);
    return listFor(ctx.db, user.id);
  });

  app.post<{ Params: UserParams }>('/user/:userId/contacts', async (request) => {
    const user = await requireSelf(request, ctx, request.params.userId);
    const input = parseInput(contactSchema, request.body, { sentences: true });
    return ctx.db.transaction(async (tx) => {
      await usersRepository(tx).lock(user.id);
      const repo = contactsRepository(tx);
      const count = await repo.count(user.id);
      if (count >= MAX_CONTACTS_PER_USER) {
        throw new HttpError(409, ACCOUNT_MESSAGES.tooManyContacts, 'too_many_contacts');
      }
      // The first contact is the default whatever the form said: checkout prefills from it.
      const isDefault = input.isDefault === true || count === 0;
      if (isDefault) await repo.clearDefault(user.id);
      await repo.insert(user.id, { phone: input.phone, address: input.address, isDefault });
      return listFor(tx, user.id);
    });
  });

  app.put<{ Params: ContactParams }>('/user/:userId/contacts/:contactId', async (request) => {
    const user = await requireSelf(request, ctx, request.params.userId);
    const id = contactId(request.params.contactId);
    const input = parseInput(contactSchema, request.body, { sentences: true });
    return ctx.db.transaction(async (tx) => {
      await usersRepository(tx).lock(user.id);
      const repo = contactsRepository(tx);
      if (!(await repo.get(user.id, id))) throw notFound(NO_CONTACT);
      // isDefault true moves the default here; false never unsets it (see the invariant above).
      const makeDefault = input.isDefault === true;
      if (makeDefault) await repo.clearDefault(user.id, id);
      await repo.update(user.id, id, { phone: input.phone, address: input.address, makeDefault });
      return listFor(tx, user.id);
    });
  });

  app.delete<{ Params: ContactParams }>('/user/:userId/contacts/:contactId', async (request) => {
    const user = await requireSelf(request, ctx, request.params.userId);
    const id = contactId(request.params.contactId);
    return ctx.db.transaction(async (tx) => {
      await usersRepository(tx).lock(user.id);
      const repo = contactsRepository(tx);
      if (!(await repo.remove(user.id, id))) throw notFound(NO_CONTACT);
      // Deleting the default promotes the oldest remaining contact.
      await repo.ensureDefault(user.id);
      return listFor(tx, user.id);
    });
  });

  app.get<{ Params: UserParams }>('/user/:userId/default-contact', async (request) => {
    const user = await requireSelf(request, ctx, request.params.userId);
    const contact = await contacts.getDefault(user.id);
    return { phone: contact?.phone ?? '', address: contact?.address ?? '' };
  });

  app.put<{ Params: UserParams & { phone: string } }>(
    '/user/:userId/contacts/default/:phone',
    async (request) => {
      const user = await requireSelf(request, ctx, request.params.userId);
      const phone = parseInput(defaultPhoneSchema, request.params.phone, { sentences: true });
      const contact = await contacts.setDefaultPhone(user.id, phone);
      if (!contact) throw notFound('There is no default contact to update. Please add a contact.');
      return { phone: contact.phone, address: contact.address };
    },
  );
};
