import type { z } from 'zod';
import type { ErrorCode } from '../../domain';
import { isUuid } from '../../domain/ids';

/**
 * An expected failure with a status, a code from the closed list (`domain/error-codes.ts`) and a
 * message the UI can show as it is. Anything else thrown is unexpected: logged in full and
 * answered with a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'invalid_input') =>
  new HttpError(400, message, code);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message, 'unauthorized');
export const forbidden = (message = 'You can only access your own account.') =>
  new HttpError(403, message, 'forbidden');
/** A path's or payload's id that is no UUID: 400, saying whose id it should have been. */
export const invalidId = (id: string, of: string) =>
  badRequest(`"${id}" is not a valid ${of} id.`, 'invalid_id');
/** `id` when it is a UUID; else throws `invalidId`, so the answer says what is wrong. */
export function checkedId(id: string, of: string): string {
  if (!isUuid(id)) throw invalidId(id, of);
  return id;
}
export const notFound = (message = 'Not found.') => new HttpError(404, message, 'not_found');
export const conflict = (message: string, code: ErrorCode) => new HttpError(409, message, code);

/**
 * The first problem zod found, as one line a person can read: "quantity: Too big: expected
 * number to be <=99". Schemas whose messages are already whole sentences in the spec's words
 * (the account forms: 'Phone and address are required.') pass `sentences` to get the message
 * as it is.
 */
export function describeIssue(error: z.ZodError, sentences = false): string {
  const issue = error.issues[0];
  const where = !sentences && issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue?.message ?? 'Invalid request.'}`;
}
