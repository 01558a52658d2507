import type { z } from 'zod';

/**
 * An expected failure with a status and a message the UI can show as it is. Anything else
 * thrown is unexpected: logged in full and answered with a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new HttpError(401, message, 'unauthorized');
export const forbidden = (message = 'You can only access your own account.') =>
  new HttpError(403, message, 'forbidden');
export const notFound = (message = 'Not found.') => new HttpError(404, message, 'not_found');
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);

/**
 * Parses untrusted input with a zod schema; the first problem becomes a 400 whose message names
 * the field, e.g. "quantity: Too big: expected number to be <=99". Schemas whose messages are
 * already whole sentences in the spec's words (the account forms: 'Phone and address are
 * required.') pass `{ sentences: true }` to answer the message as it is.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  options: { sentences?: boolean } = {},
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where =
    !options.sentences && issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw badRequest(`${where}${issue?.message ?? 'Invalid request.'}`, 'invalid_input');
}
