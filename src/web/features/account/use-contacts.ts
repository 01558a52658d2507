import { useEffect, useEffectEvent, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../domain/account-messages';
import type { ErrorCode } from '../../../domain/error-codes';
import { useNotice } from '../../shared/notices';
import { useSession } from '../../shared/session';
import { useMutation, type MutationResult } from '../../shared/use-mutation';
import type { ApiContact, ApiUser } from '../../shared/types';
import { accountApi, type ContactInput } from './account-api';

/** Refusals of an added contact whose message says more than the spec's generic text. */
const SHOWN_AS_SENT: readonly ErrorCode[] = ['invalid_input', 'too_many_contacts', 'rate_limited'];

/**
 * The signed-in user's contacts for Manage Contacts. Every answer of the server is the whole
 * updated list; it replaces the screen's list and the stored user's, so checkout and the next
 * visit see the same contacts. Each change is a `useMutation`: it resolves to its result, a
 * failure with the words to show (the spec's texts).
 */
export function useContacts(user: ApiUser) {
  const { updateUser } = useSession();
  const notify = useNotice();
  const [contacts, setContacts] = useState<ApiContact[] | null>(null);
  const userId = user._id;

  const apply = (next: ApiContact[]) => {
    setContacts(next);
    updateUser({ ...user, contacts: next });
  };
  const onLoaded = useEffectEvent((next: ApiContact[] | null) => {
    // A failed load still shows the screen, with the contacts we had at sign-in.
    if (next) apply(next);
    else setContacts(user.contacts);
  });

  useEffect(() => {
    const controller = new AbortController();
    accountApi.contacts(userId, controller.signal).then(
      (list) => onLoaded(list),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load contacts', error);
        onLoaded(null);
      },
    );
    return () => controller.abort();
  }, [userId]);

  /** Every answer is the whole list: it replaces ours and the stored user's. */
  const applied = (result: MutationResult<ApiContact[]>) => {
    if (result.ok) apply(result.value);
    return result;
  };

  /**
   * The spec blames the address for any failed add. The server's own words are more exact for
   * what it refuses (an invalid contact: its address message is the spec's text; a full contact
   * list) and for a rate limit, so those are shown as they are.
   */
  const adding = useMutation(
    (contact: ContactInput, signal) => accountApi.addContact(userId, contact, signal),
    {
      describe: (error) =>
        SHOWN_AS_SENT.includes(error.code) ? error.message : ACCOUNT_MESSAGES.addressOutsideArea,
    },
  );
  const updating = useMutation(
    (contact: ApiContact, signal) => accountApi.updateContact(userId, contact, signal),
    { describe: () => ACCOUNT_MESSAGES.updateContactFailed },
  );
  const removing = useMutation(
    (contactId: string, signal) => accountApi.deleteContact(userId, contactId, signal),
    { describe: () => ACCOUNT_MESSAGES.deleteContactFailed },
  );

  const add = async (contact: ContactInput) => applied(await adding.run(contact));
  const update = async (contact: ApiContact) => applied(await updating.run(contact));

  // Add and edit failures are said by their form, inline; a delete has no form to say it.
  const remove = async (contactId: string) => {
    const result = applied(await removing.run(contactId));
    if (!result.ok && result.problem !== null) notify(result.problem, 'error');
    return result;
  };

  /**
   * Ticking Default shows that contact as the only default at once; the server is told with the
   * whole contact (spec). A failure is only logged (spec) and the list goes back to what it was.
   */
  const setDefault = async (contact: ApiContact, isDefault: boolean) => {
    if (!contacts) return;
    const previous = contacts;
    setContacts(
      previous.map((each) =>
        each._id === contact._id
          ? { ...each, isDefault }
          : isDefault
            ? { ...each, isDefault: false }
            : each,
      ),
    );
    try {
      apply(await accountApi.updateContact(userId, { ...contact, isDefault }));
    } catch (error) {
      console.warn('Could not set the default contact', error);
      setContacts(previous);
    }
  };

  return {
    contacts,
    add,
    update,
    remove,
    setDefault,
    /** One change of each kind at a time: its form or dialog waits while it is on its way. */
    pending: { add: adding.pending, update: updating.pending, remove: removing.pending },
  };
}
