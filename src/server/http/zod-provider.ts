import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import { describeMenuFileIssue } from '../../domain/menu-field-words';
import { badRequest, describeIssue } from './errors';

/**
 * Routes declare their params, querystring, body and response as zod schemas on the route
 * (`schema: { body, response: { 200: ... } }`). This provider makes the handler's `request.body`
 * the schema's output type and checks the handler's return value against the response schema at
 * compile time; the compilers below do the same at run time. It is the few lines of
 * fastify-type-provider-zod we need, without its OpenAPI peer dependencies.
 *
 * A schema whose messages are whole sentences for the customer (the account forms) sets
 * `.meta({ sentences: true })` on the object so the 400 carries the message without a path. The
 * menu file (`PUT /api/staff/menu`) sets `.meta({ issueWords: 'menu-file' })`: its 400 names
 * the entry and field as the menu editor does (`describeMenuFileIssue`).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

function isZodSchema(schema: unknown): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/** A 400 `invalid_input` naming the first problem; the request never reaches the handler. */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isZodSchema(schema)) throw new Error('Route schemas are zod schemas');
  const meta = schema.meta();
  const sentences = meta?.sentences === true;
  const words = meta?.issueWords === 'menu-file';
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const [issue] = result.error.issues;
    const message =
      words && issue ? describeMenuFileIssue(issue, data) : describeIssue(result.error, sentences);
    return { error: badRequest(message, 'invalid_input') };
  };
};

/**
 * Answers are parsed by their schema before they are sent: fields the schema does not name are
 * dropped (a presenter can never leak a column by accident) and a presenter that drifts from the
 * API's shapes fails loudly in the tests instead of in a customer's browser.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!isZodSchema(schema)) throw new Error('Route schemas are zod schemas');
  return (data: unknown) => JSON.stringify(schema.parse(data));
};
