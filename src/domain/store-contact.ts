/**
 * The store's name and phone as seeded. The browser shows them while the store's own profile
 * (`/api/store`, which the store may edit) is loading or could not be loaded, so a page that
 * failed still says whom to call.
 */
export const DEFAULT_STORE_CONTACT = {
  name: 'Royal City Pizza & Wings',
  phone: '(519) 555-0142',
} as const;
