import fc from 'fast-check';

/**
 * Mutations of a plausible request value, for the fuzzer: a field replaced by a hostile value
 * (a wrong type, "12.99" for a number, a huge or NUL-laden string, a huge or negative number, an
 * array for an object), a field removed, a value's type changed, fields added, an element
 * repeated past a limit. Each mutation names its target by an index into the value's locations
 * (taken modulo their count), so a case is plain data: printed, replayed and shrunk as it is.
 */

export type Mutation =
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'remove'; at: number }
  | { kind: 'retype'; at: number }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'repeat'; at: number; times: number };

type Location = (string | number)[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** Every location in a value, the value itself first; values of other classes are leaves. */
function locations(value: unknown, at: Location = [], out: Location[] = []): Location[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((item, index) => locations(item, [...at, index], out));
  else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) locations(item, [...at, key], out);
  }
  return out;
}

/** A copy of the plain objects and arrays; other values shared. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)]));
  }
  return value;
}

function get(root: unknown, at: Location): unknown {
  let value = root;
  for (const key of at) {
    if (Array.isArray(value) && typeof key === 'number') value = value[key];
    else if (isPlainObject(value) && typeof key === 'string') value = value[key];
    else return undefined;
  }
  return value;
}

/** `root` with the value at `at` replaced (`remove` drops it from its object or array). */
function put(root: unknown, at: Location, value: unknown, remove = false): unknown {
  if (at.length === 0) return remove ? undefined : value;
  const parent = get(root, at.slice(0, -1));
  const key = at[at.length - 1];
  if (Array.isArray(parent) && typeof key === 'number') {
    if (remove) parent.splice(key, 1);
    else parent[key] = value;
  } else if (isPlainObject(parent) && typeof key === 'string') {
    if (remove) Reflect.deleteProperty(parent, key);
    else parent[key] = value;
  }
  return root;
}

/** The same value as another type: "12.99" for 12.99, 5 for "5", [x] for an object. */
function retyped(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const number = Number(value);
    return value.trim() !== '' && Number.isFinite(number) ? number : [value];
  }
  if (typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return {};
  if (Array.isArray(value)) return Object.fromEntries(value.map((item, index) => [index, item]));
  return [value];
}

/** `value` with the mutations applied in order (the value given is left as it was). */
export function mutate(value: unknown, mutations: readonly Mutation[]): unknown {
  let root = copy(value);
  for (const mutation of mutations) {
    const all = locations(root);
    const at = all[mutation.at % all.length] ?? [];
    const target = get(root, at);
    switch (mutation.kind) {
      case 'replace':
        // A copy: the hostile values are shared constants, never to be changed in place.
        root = put(root, at, copy(mutation.value));
        break;
      case 'remove':
        root = put(root, at, undefined, true);
        break;
      case 'retype':
        root = put(root, at, retyped(target));
        break;
      case 'extra': {
        const objects = all.filter((place) => isPlainObject(get(root, place)));
        const place = objects[mutation.at % Math.max(objects.length, 1)];
        const object = place ? get(root, place) : undefined;
        if (isPlainObject(object)) object[mutation.key] = copy(mutation.value);
        else root = { value: root, [mutation.key]: copy(mutation.value) };
        break;
      }
      case 'repeat': {
        const item: unknown = Array.isArray(target) ? target[0] : target;
        root = put(
          root,
          at,
          Array.from({ length: mutation.times }, () => copy(item)),
        );
        break;
      }
    }
  }
  return root;
}

const HUGE = 'x'.repeat(70_000);
const LONG = 'é'.repeat(5_000);

/** Values a careless or hostile client sends where something else was expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0.5,
      1.5,
      0.1 + 0.2,
      1e21,
      -1e21,
      2 ** 31,
      -(2 ** 31),
      Number.MAX_SAFE_INTEGER + 2,
      5e-324,
      '',
      ' ',
      '12.99',
      '-1',
      '1e3',
      '0x10',
      'NaN',
      'Infinity',
      'null',
      'true',
      'undefined',
      '\u0000',
      'a\u0000b',
      '\ud800',
      '🍕👍🏽\u202eevil',
      '\u001b[31m',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '../../etc/passwd',
      '00000000-0000-0000-0000-000000000000',
      '2026-11-24T18:00:00Z',
      '11/24/2026, 7:30:00 PM',
      'not a date',
      LONG,
      [],
      [null],
      [1, 'a', null],
      {},
      { $gt: '' },
      { __proto__x: { polluted: true } },
      { a: { b: { c: { d: [1] } } } },
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  // Rare: a body over the 64 KB limit.
  { weight: 1, arbitrary: fc.constant(HUGE) },
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      at: fc.nat(),
      value: hostileValue,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retype' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: fc.constantFrom(
        'extra',
        'role',
        'isAdmin',
        '_id',
        'userId',
        'status',
        'price',
        'constructor',
      ),
      value: hostileValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('repeat' as const),
      at: fc.nat(),
      times: fc.oneof(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 40, max: 120 })),
    }),
  },
);

/** One to three mutations. */
export const mutations: fc.Arbitrary<Mutation[]> = fc.array(mutation, {
  minLength: 1,
  maxLength: 3,
});
