import { api } from '../../shared/api';
import type {
  ApiAccountDeleted,
  ApiAccountExport,
  ApiContact,
  ApiForgotPasswordAnswer,
  ApiLoginAnswer,
  ApiMailPreferences,
  ApiRegisterAnswer,
  ApiSocialLoginAnswer,
  ApiUser,
} from '../../shared/types';

/**
 * The auth and contacts calls of the spec (section 7). The sign-in calls answer the user inside
 * an object (`{user}`, as the spec's client reads `data.user`); these hand back the user itself.
 */
export interface ContactInput {
  phone: string;
  address: string;
  isDefault: boolean;
}

export const accountApi = {
  /** The whole answer: `staffRole` takes a staff account to the board. */
  login: (email: string, password: string): Promise<ApiLoginAnswer> =>
    api<ApiLoginAnswer>('/api/auth/login', { method: 'POST', body: { email, password } }),
  /** The whole answer: `passwordRemoved` is for the screen to tell the customer. */
  socialLogin: (credential: string): Promise<ApiSocialLoginAnswer> =>
    api<ApiSocialLoginAnswer>('/api/auth/social-login', {
      method: 'POST',
      body: { credential },
    }),
  /** The same message whether or not the email has an account. */
  forgotPassword: (email: string): Promise<ApiForgotPasswordAnswer> =>
    api<ApiForgotPasswordAnswer>('/api/auth/forgot-password', { method: 'POST', body: { email } }),
  /** Signs in, as login does: the same answer. */
  resetPassword: (token: string, password: string): Promise<ApiLoginAnswer> =>
    api<ApiLoginAnswer>('/api/auth/reset-password', {
      method: 'POST',
      body: { token, password },
    }),
  /**
   * The spec's registration payload always carries one contact; this screen asks for none, so
   * the entry is blank and the server does not store it.
   */
  register: async (name: string, email: string, password: string): Promise<ApiUser> =>
    (
      await api<ApiRegisterAnswer>('/api/auth/register', {
        method: 'POST',
        body: { name, email, password, contacts: [{ phone: '', address: '', isDefault: true }] },
      })
    ).user,
  contacts: (userId: string, signal?: AbortSignal) =>
    api<ApiContact[]>(`/api/user/${encodeURIComponent(userId)}/contacts`, { signal }),
  addContact: (userId: string, contact: ContactInput, signal?: AbortSignal) =>
    api<ApiContact[]>(`/api/user/${encodeURIComponent(userId)}/contacts`, {
      method: 'POST',
      body: contact,
      signal,
    }),
  updateContact: (userId: string, contact: ApiContact, signal?: AbortSignal) =>
    api<ApiContact[]>(
      `/api/user/${encodeURIComponent(userId)}/contacts/${encodeURIComponent(contact._id)}`,
      { method: 'PUT', body: contact, signal },
    ),
  mailPreferences: (userId: string, signal?: AbortSignal) =>
    api<ApiMailPreferences>(`/api/user/${encodeURIComponent(userId)}/mail-preferences`, {
      signal,
    }),
  setMailPreferences: (userId: string, preferences: ApiMailPreferences, signal?: AbortSignal) =>
    api<ApiMailPreferences>(`/api/user/${encodeURIComponent(userId)}/mail-preferences`, {
      method: 'PUT',
      body: preferences,
      signal,
    }),
  deleteContact: (userId: string, contactId: string, signal?: AbortSignal) =>
    api<ApiContact[]>(
      `/api/user/${encodeURIComponent(userId)}/contacts/${encodeURIComponent(contactId)}`,
      { method: 'DELETE', signal },
    ),
  /** Everything the store keeps about the account (issue 35), as the server answers it. */
  exportData: (userId: string, signal?: AbortSignal) =>
    api<ApiAccountExport>(`/api/user/${encodeURIComponent(userId)}/export`, { signal }),
  /**
   * Deletes the account. The one answer typed is sent as both confirmations: the server checks
   * the password of an account that has one, else (Google only) the email typed again.
   */
  deleteAccount: (userId: string, confirmation: string, signal?: AbortSignal) =>
    api<ApiAccountDeleted>(`/api/user/${encodeURIComponent(userId)}/delete`, {
      method: 'POST',
      body: { password: confirmation, email: confirmation },
      signal,
    }),
};

/** `location.state.from` when it is an in-app path (never an outside address). */
export function returnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
