import fc from 'fast-check';
import type { JsonSchema } from './route-schemas';

/**
 * Values shaped by a JSON Schema (the input side of a route's zod schema): the right types, the
 * named fields, lengths and ranges inside the bounds, strings matching the declared patterns.
 * Not a validator's mirror: refinements (an email's form, a phone number's digits) are not in the
 * schema, so some of these values are still refused, as a client's honest mistakes are.
 */

const anyJson = fc.jsonValue({ maxDepth: 2 });

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = numberOr(schema.minLength, 0);
  const maxLength = Math.max(minLength, Math.min(numberOr(schema.maxLength, 40), 40));
  if (typeof schema.pattern === 'string') {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc
        .stringMatching(pattern)
        .filter(
          (text) => text.length >= minLength && text.length <= numberOr(schema.maxLength, 1e9),
        );
    } catch {
      // A pattern JavaScript cannot read: an ordinary string instead.
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    default:
      return fc.string({ minLength, maxLength });
  }
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowExclusive = typeof schema.exclusiveMinimum === 'number';
  const highExclusive = typeof schema.exclusiveMaximum === 'number';
  const min = numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, -1e6));
  const max = numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, 1e6));
  if (integer) {
    const low = Math.ceil(min + (lowExclusive ? 1 : 0));
    const high = Math.floor(max - (highExclusive ? 1 : 0));
    return fc.integer({ min: Math.max(low, -(2 ** 31)), max: Math.min(high, 2 ** 31 - 1) });
  }
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    fc.double({
      min,
      max,
      minExcluded: lowExclusive,
      maxExcluded: highExclusive,
      noNaN: true,
      noDefaultInfinity: true,
    }),
  );
}

function typedArbitrary(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = numberOr(schema.minItems, 0);
      const maxLength = Math.max(minLength, Math.min(numberOr(schema.maxItems, 4), 4));
      const items = isSchema(schema.items) ? schema.items : {};
      if (Array.isArray(schema.prefixItems)) {
        return fc.tuple(
          ...schema.prefixItems.map((item) => arbitraryOf(isSchema(item) ? item : {}, depth + 1)),
        );
      }
      return fc.array(arbitraryOf(items, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required)
        ? schema.required.filter((key): key is string => typeof key === 'string')
        : [];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        model[name] = arbitraryOf(isSchema(property) ? property : {}, depth + 1);
      }
      return fc.record(model, { requiredKeys: required.filter((key) => key in model) });
    }
    default:
      return anyJson;
  }
}

/** An arbitrary of values shaped by `schema`; anything JSON where the schema says nothing. */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return anyJson;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return fc.constantFrom(...(schema.enum as unknown[]));
  }
  const alternatives = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(
      ...alternatives.map((option) => arbitraryOf(isSchema(option) ? option : {}, depth + 1)),
    );
  }
  if (Array.isArray(schema.allOf) && isSchema(schema.allOf[0])) {
    return arbitraryOf(schema.allOf[0], depth + 1);
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type): type is string => typeof type === 'string');
    if (types.length > 0)
      return fc.oneof(...types.map((type) => typedArbitrary(type, schema, depth)));
  }
  if (typeof schema.type === 'string') return typedArbitrary(schema.type, schema, depth);
  if (isSchema(schema.properties)) return typedArbitrary('object', schema, depth);
  return anyJson;
}
