/** The pure domain: no I/O, imported by both the browser and the server. */
export * from './ids';
export * from './plain-text';
export * from './money';
export * from './hours';
export * from './store-contact';
export * from './hst-number';
export * from './contact-rules';
export * from './catalog';
// Not in catalog.ts, which the entry chunk holds: the availability chunk alone reads it there.
export * from './offered-windows';
export * from './pricing-terms';
export * from './pricing';
export * from './cart-item';
export * from './selection-words';
export * from './cart-lines';
export * from './line-notice';
export * from './cart-item-schema';
export * from './order-states';
export * from './schedule';
export * from './checkout';
export * from './account-messages';
export * from './account';
export * from './error-codes';
export type * from './api-types';
export * from './time-text';
export * from './order-times';
export * from './mail';
