/** The pure domain: no I/O, imported by both the browser and the server. */
export * from './money';
export * from './hours';
export * from './store-contact';
export * from './contact-rules';
export * from './catalog';
export * from './pricing';
export * from './cart-item';
export * from './cart-lines';
export * from './cart-item-schema';
export * from './order-states';
export * from './schedule';
export * from './checkout';
export * from './account-messages';
export * from './account';
export * from './error-codes';
export type * from './api-types';
export * from './time-text';
