/**
 * How a registry of settings works, whatever its settings: an entry's shape (`StoreSetting`),
 * the types worked out from a registry (the values held, the answer, what PUT reads, what the
 * Store screen sends) and the functions that read a registry (defaults, the answer, the values
 * to keep, the admin's refusal, the screen's fields). The store's own entries are in
 * `store-settings.ts`; a test builds a registry of its own with the same functions.
 *
 * Imports zod's types only: the Store screen reads this module, and zod stays out of its chunk.
 */
import type { z } from './zod';

/** zod, as whoever builds the schemas hands it in. */
export type Zod = typeof z;

/** The Store screen's text field for a setting. */
export interface SettingField<Wire> {
  label: string;
  hint?: string;
  inputMode?: 'decimal' | 'numeric' | 'tel';
  placeholder?: string;
  /** The answer's value as the field shows it; by default its text, '' for none. */
  text?(value: Wire): string;
}

/**
 * One setting. `Value` is what the server holds, `Wire` what the API's answer shows, `Sent` what
 * PUT's fields read into before `stored` makes it a `Value`.
 */
export interface StoreSetting<Value, Wire = Value, Sent = Value, Name extends string = never> {
  /** Its column in `store_settings`, as the migrations name it. */
  column: string;
  /** Kept as jsonb: written as its JSON text. */
  json?: boolean;
  /** The column as the driver gives it, when that is not yet the value (a timestamp's text). */
  read?: (stored: unknown) => Value;
  default: Value;
  /** Who may change it: every staff member, or the admin alone. */
  who: 'staff' | 'admin';
  /** The 403's sentence when someone else sends it (`who: 'admin'`). */
  refusal?: string;
  /** The API's name for it (GET and PUT /api/staff/store) where that is not its key. */
  wire?: Name;
  /** The answer's schema for it. */
  answer: (zod: Zod) => z.ZodType<Wire>;
  /** The value as the answer shows it at `now`; by default as it is. */
  show?(value: Value, now: Date): Wire;
  /**
   * PUT's fields it is read from, in order (by default its wire name alone): the first one sent
   * counts, and `once` says when more than one may not be sent together.
   */
  names?: readonly string[];
  /** PUT's schema for the field `name` as sent. */
  put: (zod: Zod, name: string) => z.ZodType<Sent>;
  /** More than one of `names` sent: refused with `message`, unless `same` and they agree. */
  once?: { message: string; same?: boolean };
  /** The value to keep from what was sent at `now`; by default what was sent. */
  stored?(sent: Sent, now: Date): Value;
  /** How the Store screen names it in a sentence: "The server did not save {noun}." */
  noun: string;
  /** The Store screen's text field for it; none where the screen has a control of its own. */
  field?: SettingField<Wire>;
  /**
   * Whether what the Store screen sent is what the answer now holds (a server that does not know
   * a field ignores it); by default numbers as numbers (the screen sends the text typed).
   */
  same?(sent: unknown, saved: Wire): boolean;
}

/** An entry with its types worked out from it (the registry's entries are written with it). */
export function setting<Value, Wire = Value, Sent = Value, const Name extends string = never>(
  entry: StoreSetting<Value, Wire, Sent, Name>,
): StoreSetting<Value, Wire, Sent, Name> {
  return entry;
}

/**
 * Any setting, whatever its types: the functions taking a setting's value are methods, whose
 * parameters TypeScript compares both ways, so every entry is one of these. (Call them on
 * their entry; ESLint's unbound-method refuses one taken off it.)
 */
export type AnySetting = StoreSetting<unknown, unknown, unknown, string>;
export type SettingsRegistry = Readonly<Record<string, AnySetting>>;

type ValueOf<E> = E extends { default: infer Value } ? Value : never;
type WireOf<E> = E extends { answer: (zod: Zod) => z.ZodType<infer Wire> } ? Wire : never;
type SentOf<E> = E extends { put: (zod: Zod, name: string) => z.ZodType<infer Sent> }
  ? Sent
  : never;
type NameOf<E> = E extends { wire?: infer Name } ? Exclude<Name, undefined> : never;
type WireName<K, E> = [NameOf<E>] extends [never] ? K : NameOf<E>;

/** The settings' values by key: what the server holds. */
export type SettingsOf<R extends SettingsRegistry> = { -readonly [K in keyof R]: ValueOf<R[K]> };
/** The settings as the API's answer shows them, by wire name. */
export type SettingsAnswer<R extends SettingsRegistry> = {
  -readonly [K in keyof R as WireName<K, R[K]>]: WireOf<R[K]>;
};
/** What a PUT's body read into, by key: only what was sent. */
export type SentSettings<R extends SettingsRegistry> = { -readonly [K in keyof R]?: SentOf<R[K]> };
/** What the Store screen sends, by wire name: numbers as the text typed. */
export type SettingsSaveBody<R extends SettingsRegistry> = {
  -readonly [K in keyof R as WireName<K, R[K]>]?: WireOf<R[K]> extends number
    ? number | string
    : WireOf<R[K]>;
};

/** A setting's name in the API. */
export const wireName = (key: string, entry: AnySetting): string => entry.wire ?? key;

/** PUT's fields a setting is read from. */
export const sentNames = (key: string, entry: AnySetting): readonly string[] =>
  entry.names ?? [wireName(key, entry)];

/** Every setting at its default: the seeded row. */
export function settingsDefaults<R extends SettingsRegistry>(registry: R): SettingsOf<R> {
  return Object.fromEntries(
    Object.entries(registry).map(([key, entry]) => [key, entry.default]),
  ) as SettingsOf<R>;
}

/** The settings as the API's answer shows them at `now`. */
export function showSettings<R extends SettingsRegistry>(
  registry: R,
  values: SettingsOf<R>,
  now: Date,
): SettingsAnswer<R> {
  return Object.fromEntries(
    Object.entries(registry).map(([key, entry]) => {
      const value = (values as Record<string, unknown>)[key];
      return [wireName(key, entry), entry.show ? entry.show(value, now) : value];
    }),
  ) as SettingsAnswer<R>;
}

/** What a PUT sent, as the values to keep at `now`. */
export function storedChanges<R extends SettingsRegistry>(
  registry: R,
  sent: SentSettings<R>,
  now: Date,
): Partial<SettingsOf<R>> {
  const changes: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(registry)) {
    const value = (sent as Record<string, unknown>)[key];
    if (value !== undefined) changes[key] = entry.stored ? entry.stored(value, now) : value;
  }
  return changes as Partial<SettingsOf<R>>;
}

/** The 403's sentence when `sent` changes a setting that is the admin's alone; else null. */
export function adminRefusal<R extends SettingsRegistry>(
  registry: R,
  sent: SentSettings<R>,
): string | null {
  for (const [key, entry] of Object.entries(registry)) {
    if (entry.who === 'admin' && (sent as Record<string, unknown>)[key] !== undefined) {
      return entry.refusal ?? `Only the store admin can change ${entry.noun}.`;
    }
  }
  return null;
}

/** The Store screen's text fields, by wire name, in the registry's order. */
export function settingFields(registry: SettingsRegistry) {
  return Object.entries(registry).flatMap(([key, entry]) => {
    const field = entry.field;
    if (!field) return [];
    const { label, hint, inputMode, placeholder } = field;
    const name = wireName(key, entry);
    return [
      {
        name,
        /** What the field shows: its label, hint, keyboard and placeholder. */
        input: { label, hint, inputMode, placeholder },
        /** The field's text for the answer's value. */
        textOf: (answer: Readonly<Record<string, unknown>>): string => {
          const value = answer[name];
          if (field.text) return field.text(value);
          return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        },
      },
    ];
  });
}

/**
 * The names (`noun`) of the fields of `changes` whose value the answer `saved` does not hold:
 * what the server did not take. A server ignores fields it does not know yet (docs/api.md), so
 * "saved" is checked, not assumed.
 */
export function unsavedFields(
  registry: SettingsRegistry,
  changes: Readonly<Record<string, unknown>>,
  saved: Readonly<Record<string, unknown>>,
): { name: string; noun: string }[] {
  return Object.entries(registry).flatMap(([key, entry]) => {
    const name = wireName(key, entry);
    if (!(name in changes)) return [];
    const sent = changes[name];
    const now = saved[name];
    const same = entry.same
      ? entry.same(sent, now)
      : typeof now === 'number'
        ? Number(sent) === now
        : sent === now;
    return same ? [] : [{ name, noun: entry.noun }];
  });
}
