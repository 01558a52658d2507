import { z } from './zod';

/**
 * The ids of rows (users, products, carts' lines, contacts, orders) are UUIDs. PostgreSQL reads
 * one in any case and always writes it in lower case, so code that compares ids as strings must
 * see them in that one spelling: an upper-case copy of someone's id is still their id.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A UUID as the database writes it (lower case); anything else unchanged, so the use case still
 * answers it as an unknown or invalid id in its own words.
 */
export function canonicalId(value: string): string {
  return isUuid(value) ? value.toLowerCase() : value;
}

/** An id sent to the API (path, query or body): every route reads ids through this schema. */
export const idSchema = z.string().overwrite(canonicalId);
