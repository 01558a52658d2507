import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  MAX_CONTACTS_PER_USER,
  contactSchema,
  defaultPhoneSchema,
  idSchema,
} from '../../domain';
import { requireUser, selfGuard } from '../auth/sessions';
import type { RouteModule } from '../context';
import type { Queryable } from '../data/db';
import { apiContactSchema, apiDefaultContactSchema } from '../http/api-schemas';
import { HttpError, checkedId, notFound } from '../http/errors';
import { presentContact } from '../http/present';
import { contactsRepository } from '../repositories/contacts';
import { usersRepository } from '../repositories/users';

const NO_CONTACT = 'No contact with this id.';

const userParams = z.object({ userId: idSchema });
const contactParams = z.object({ userId: idSchema, contactId: idSchema });
const defaultPhoneParams = z
  .object({ userId: idSchema, phone: defaultPhoneSchema })
  .meta({ sentences: true });
// The spec's texts ('Phone and address are required.') are shown as they are, without a path.
const contactBody = contactSchema.meta({ sentences: true });
const contactList = { 200: z.array(apiContactSchema) };

/**
 * A user's saved contacts (issue 3). Every route names a user id in its path and is guarded
 * before its input is checked (`selfGuard`: 401 anonymous, 403 anyone else's id).
 * Invariant kept by every write: a user with contacts has exactly one default (the database's
 * partial unique index allows at most one; the first contact and the promotion after deleting
 * the default provide at least one). Writes lock the user's row so concurrent requests of the
 * same user cannot break the cap or the single default.
 */
export const contactRoutes: RouteModule = (app, ctx) => {
  const contacts = contactsRepository(ctx.db);
  const guard = selfGuard(ctx, 'params');
  const listFor = async (db: Queryable, userId: string) =>
    (await contactsRepository(db).list(userId)).map(presentContact);
  /**
   * A change to a user's contacts in one transaction, the user's row locked first (so two
   * requests of one user cannot break the cap or the single default); answers the whole list.
   */
  const changeContacts = (
    userId: string,
    change: (repo: ReturnType<typeof contactsRepository>) => Promise<void>,
  ) =>
    ctx.db.transaction(async (tx) => {
      await usersRepository(tx).lock(userId);
      await change(contactsRepository(tx));
      return listFor(tx, userId);
    });

  app.get(
    '/user/:userId/contacts',
    { preValidation: guard, schema: { params: userParams, response: contactList } },
    async (request) => {
      const user = await requireUser(request, ctx);
      return listFor(ctx.db, user.id);
    },
  );

  app.post(
    '/user/:userId/contacts',
    {
      preValidation: guard,
      schema: { params: userParams, body: contactBody, response: contactList },
    },
    async (request) => {
      const user = await requireUser(request, ctx);
      const input = request.body;
      return changeContacts(user.id, async (repo) => {
        const count = await repo.count(user.id);
        if (count >= MAX_CONTACTS_PER_USER) {
          throw new HttpError(409, ACCOUNT_MESSAGES.tooManyContacts, 'too_many_contacts');
        }
        // The first contact is the default whatever the form said: checkout prefills from it.
        const isDefault = input.isDefault === true || count === 0;
        if (isDefault) await repo.clearDefault(user.id);
        await repo.insert(user.id, { phone: input.phone, address: input.address, isDefault });
      });
    },
  );

  app.put(
    '/user/:userId/contacts/:contactId',
    {
      preValidation: guard,
      schema: { params: contactParams, body: contactBody, response: contactList },
    },
    async (request) => {
      const user = await requireUser(request, ctx);
      const id = checkedId(request.params.contactId, 'contact');
      const input = request.body;
      return changeContacts(user.id, async (repo) => {
        if (!(await repo.get(user.id, id))) throw notFound(NO_CONTACT);
        // isDefault true moves the default here; false never unsets it (see the invariant above).
        const makeDefault = input.isDefault === true;
        if (makeDefault) await repo.clearDefault(user.id, id);
        await repo.update(user.id, id, { phone: input.phone, address: input.address, makeDefault });
      });
    },
  );

  app.delete(
    '/user/:userId/contacts/:contactId',
    { preValidation: guard, schema: { params: contactParams, response: contactList } },
    async (request) => {
      const user = await requireUser(request, ctx);
      const id = checkedId(request.params.contactId, 'contact');
      return changeContacts(user.id, async (repo) => {
        if (!(await repo.remove(user.id, id))) throw notFound(NO_CONTACT);
        // Deleting the default promotes the oldest remaining contact.
        await repo.ensureDefault(user.id);
      });
    },
  );

  app.get(
    '/user/:userId/default-contact',
    {
      preValidation: guard,
      schema: { params: userParams, response: { 200: apiDefaultContactSchema } },
    },
    async (request) => {
      const user = await requireUser(request, ctx);
      const contact = await contacts.getDefault(user.id);
      return { phone: contact?.phone ?? '', address: contact?.address ?? '' };
    },
  );

  app.put(
    '/user/:userId/contacts/default/:phone',
    {
      preValidation: guard,
      schema: { params: defaultPhoneParams, response: { 200: apiDefaultContactSchema } },
    },
    async (request) => {
      const user = await requireUser(request, ctx);
      const contact = await contacts.setDefaultPhone(user.id, request.params.phone);
      if (!contact) throw notFound('There is no default contact to update. Please add a contact.');
      return { phone: contact.phone, address: contact.address };
    },
  );
};
