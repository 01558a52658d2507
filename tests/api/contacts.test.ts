import { describe, expect, it } from 'vitest';
import { storeTest } from '../support/store-test';
import { registerUser, type ApiUser } from '../support/users';

type Contact = ApiUser['contacts'][number];

const t = storeTest({ clock: null });

const HOME = '12 Gordon St, Guelph, ON N1H 4G9';
const WORK = '50 Stone Rd E, Guelph, Ontario';

function api(cookie: string | null) {
  const headers = cookie ? { cookie } : {};
  return {
    list: (userId: string) =>
      t.app.inject({ method: 'GET', url: `/api/user/${userId}/contacts`, headers }),
    add: (userId: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/${userId}/contacts`,
        headers,
        payload: payload as object,
      }),
    update: (userId: string, contactId: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${userId}/contacts/${contactId}`,
        headers,
        payload: payload as object,
      }),
    remove: (userId: string, contactId: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/${userId}/contacts/${contactId}`, headers }),
    defaultContact: (userId: string) =>
      t.app.inject({ method: 'GET', url: `/api/user/${userId}/default-contact`, headers }),
    setDefaultPhone: (userId: string, phone: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/user/${userId}/contacts/default/${encodeURIComponent(phone)}`,
        headers,
      }),
  };
}

const defaultsInTable = async (userId: string) =>
  (
    await t.db.query<{ n: number }>(
      'select count(*)::int as n from contacts where user_id = $1 and is_default',
      [userId],
    )
  )[0]?.n;

describe('contacts CRUD', () => {
  it('adds, lists, edits and deletes, answering the updated list each time', async () => {
    const { user, cookie } = await registerUser(t.app);
    const my = api(cookie);
    expect((await my.list(user._id)).json()).toEqual([]);

    // The first contact becomes the default even when the form did not ask for it.
    const first = await my.add(user._id, {
      phone: '519-555-0100',
      address: HOME,
      isDefault: false,
    });
    expect(first.statusCode).toBe(200);
    const [home] = first.json<Contact[]>();
    expect(first.json()).toEqual([
      { _id: expect.any(String) as unknown, phone: '519-555-0100', address: HOME, isDefault: true },
    ]);
    if (!home) throw new Error('no contact');

    const second = await my.add(user._id, {
      phone: '(519) 555-0199',
      address: WORK,
      isDefault: false,
    });
    expect(second.json<Contact[]>().map((c) => [c.address, c.isDefault])).toEqual([
      [HOME, true],
      [WORK, false],
    ]);
    expect((await my.list(user._id)).json()).toEqual(second.json());

    const edited = await my.update(user._id, home._id, {
      _id: home._id,
      phone: '519 555 0111',
      address: HOME,
      isDefault: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Contact[]>()[0]).toEqual({ ...home, phone: '519 555 0111' });

    const removed = await my.remove(user._id, home._id);
    expect(removed.statusCode).toBe(200);
    // Deleting the default promotes the oldest remaining contact.
    expect(removed.json()).toEqual([
      {
        _id: expect.any(String) as unknown,
        phone: '(519) 555-0199',
        address: WORK,
        isDefault: true,
      },
    ]);
    expect((await my.remove(user._id, home._id)).statusCode).toBe(404);
  });

  it.each([
    [{ phone: '', address: HOME }, 'Phone and address are required.'],
    [{ phone: '519-555-0100', address: '   ' }, 'Phone and address are required.'],
    [{ phone: '519-555-0100' }, 'Phone and address are required.'],
    [
      { phone: '519-555-0100', address: '100 Queen St W, Toronto, ON' },
      'Please enter a valid address within Guelph, Ontario.',
    ],
    [{ phone: '12345', address: HOME }, 'Please enter a valid phone number.'],
  ])('refuses %j with 400 and the spec message, storing nothing', async (payload, message) => {
    const { user, cookie } = await registerUser(t.app);
    const response = await api(cookie).add(user._id, { ...payload, isDefault: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'invalid_input', message });
    expect((await api(cookie).list(user._id)).json()).toEqual([]);
  });

  it('validates edits the same way and leaves the contact unchanged', async () => {
    const { user, cookie } = await registerUser(t.app, {
      contacts: [{ phone: '519-555-0100', address: HOME, isDefault: true }],
    });
    const [contact] = user.contacts;
    if (!contact) throw new Error('no contact');
    const toronto = await api(cookie).update(user._id, contact._id, {
      phone: '519-555-0100',
      address: '1 Front St, Toronto, ON',
    });
    expect(toronto.statusCode).toBe(400);
    expect(toronto.json()).toMatchObject({
      message: 'Please enter a valid address within Guelph, Ontario.',
    });
    expect((await api(cookie).list(user._id)).json()).toEqual(user.contacts);
  });

  it('answers 400 for a malformed contact id and 404 for an unknown or foreign one', async () => {
    const { user, cookie } = await registerUser(t.app);
    const other = await registerUser(t.app, {
      contacts: [{ phone: '519-555-0100', address: HOME, isDefault: true }],
    });
    const foreignId = other.user.contacts[0]?._id ?? '';
    const body = { phone: '519-555-0100', address: HOME };
    const my = api(cookie);

    const malformed = await my.update(user._id, 'not-a-uuid', body);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'invalid_id' });
    expect((await my.remove(user._id, 'not-a-uuid')).statusCode).toBe(400);

    for (const id of [foreignId, '00000000-0000-4000-8000-000000000000']) {
      expect((await my.update(user._id, id, body)).statusCode).toBe(404);
      expect((await my.remove(user._id, id)).statusCode).toBe(404);
    }
    // The other user's contact is untouched.
    expect((await api(other.cookie).list(other.user._id)).json()).toEqual(other.user.contacts);
  });

  it('caps a user at 20 contacts', async () => {
    const { user, cookie } = await registerUser(t.app);
    for (let i = 0; i < 20; i++) {
      const added = await api(cookie).add(user._id, {
        phone: `519-555-01${String(i).padStart(2, '0')}`,
        address: HOME,
      });
      expect(added.statusCode).toBe(200);
    }
    const refused = await api(cookie).add(user._id, { phone: '519-555-0199', address: HOME });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'too_many_contacts' });
  });
});

describe('the one default', () => {
  it('setting B as default clears A; the table never holds two defaults', async () => {
    const { user, cookie } = await registerUser(t.app);
    const my = api(cookie);
    await my.add(user._id, { phone: '519-555-0100', address: HOME, isDefault: true });
    const added = await my.add(user._id, {
      phone: '519-555-0101',
      address: WORK,
      isDefault: false,
    });
    const [a, b] = added.json<Contact[]>();
    if (!a || !b) throw new Error('missing contacts');
    expect([a.isDefault, b.isDefault]).toEqual([true, false]);

    const switched = await my.update(user._id, b._id, { ...b, isDefault: true });
    expect(switched.json<Contact[]>().map((c) => c.isDefault)).toEqual([false, true]);
    expect(await defaultsInTable(user._id)).toBe(1);

    // A new contact marked default takes it over, again leaving exactly one.
    const third = await my.add(user._id, { phone: '519-555-0102', address: HOME, isDefault: true });
    expect(third.json<Contact[]>().map((c) => c.isDefault)).toEqual([false, false, true]);
    expect(await defaultsInTable(user._id)).toBe(1);

    // The database itself refuses a second default.
    await expect(
      t.db.query('update contacts set is_default = true where user_id = $1', [user._id]),
    ).rejects.toThrow();
  });

  it('default-contact answers the default, or empty strings when there is none', async () => {
    const { user, cookie } = await registerUser(t.app);
    const my = api(cookie);
    const none = await my.defaultContact(user._id);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ phone: '', address: '' });

    await my.add(user._id, { phone: '519-555-0100', address: HOME, isDefault: true });
    await my.add(user._id, { phone: '519-555-0101', address: WORK, isDefault: true });
    expect((await my.defaultContact(user._id)).json()).toEqual({
      phone: '519-555-0101',
      address: WORK,
    });
  });

  it('PUT contacts/default/{phone} changes the default phone, validating it', async () => {
    const { user, cookie } = await registerUser(t.app);
    const my = api(cookie);
    const missing = await my.setDefaultPhone(user._id, '519-555-0123');
    expect(missing.statusCode).toBe(404);

    await my.add(user._id, { phone: '519-555-0100', address: HOME, isDefault: true });
    const updated = await my.setDefaultPhone(user._id, '(519) 555-0123');
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ phone: '(519) 555-0123', address: HOME });
    expect((await my.defaultContact(user._id)).json()).toEqual({
      phone: '(519) 555-0123',
      address: HOME,
    });

    const bad = await my.setDefaultPhone(user._id, 'pizza');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Please enter a valid phone number.' });
  });
});

describe('authorization on every contact route', () => {
  it('answers 401 without a session and 403 for another user', async () => {
    const victim = await registerUser(t.app, {
      contacts: [{ phone: '519-555-0100', address: HOME, isDefault: true }],
    });
    const intruder = await registerUser(t.app);
    const id = victim.user._id;
    const contactId = victim.user.contacts[0]?._id ?? '';
    const body = { phone: '519-555-0999', address: WORK, isDefault: true };
    const calls = (client: ReturnType<typeof api>) => [
      client.list(id),
      client.add(id, body),
      client.update(id, contactId, body),
      client.remove(id, contactId),
      client.defaultContact(id),
      client.setDefaultPhone(id, '519-555-0999'),
    ];

    const anonymous = await Promise.all(calls(api(null)));
    expect(anonymous.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    const foreign = await Promise.all(calls(api(intruder.cookie)));
    expect(foreign.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(foreign[0]?.json()).toMatchObject({ statusCode: 403, code: 'forbidden' });

    // Nothing changed for the victim.
    expect((await api(victim.cookie).list(id)).json()).toEqual(victim.user.contacts);
  });
});
