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
import { badRequest, describeIssue } from './errors';

/**
 * Routes declare their params, querystring, body and response as zod schemas on the route
 * (`schema: { body, response: { 200: ... } }`). This provider makes the handler's `request.body`
 * the schema's output type and checks the handler's return value against the response schema at
 * compile time; the compilers below do the same at run time. It is the few lines of
 * fastify-type-provider-zod we need, without its OpenAPI peer dependencies.
 *
 * A schema whose messages are whole sentences for the customer (the account forms) sets
 * `.meta({ sentences: true })` on the object so the 400 carries the message without a path.
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
  const sentences = schema.meta()?.sentences === true;
  return (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success
      ? { value: result.data }
      : { error: badRequest(describeIssue(result.error, sentences), 'invalid_input') };
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
