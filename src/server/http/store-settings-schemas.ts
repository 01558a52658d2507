/**
 * The store's settings as the API reads and answers them, worked out from a registry of settings
 * (`domain/store-settings.ts`): `PUT /api/staff/store`'s body and the settings' part of its
 * answer. A registry is a parameter so that a setting added to it is in both at once.
 */
import { z } from 'zod';
import {
  sentNames,
  wireName,
  type SentSettings,
  type SettingsAnswer,
  type SettingsRegistry,
} from '../../domain/store-settings';

/**
 * Any subset of the settings under their API names; fields not named stay as they are, unknown
 * ones are dropped. Read into the settings' own keys: of a setting's names the first sent counts.
 */
export function settingsBodySchema<R extends SettingsRegistry>(
  registry: R,
): z.ZodType<SentSettings<R>> {
  const entries = Object.entries(registry).map(
    ([key, entry]) => [key, entry, sentNames(key, entry)] as const,
  );
  const fields = z.object(
    Object.fromEntries(
      entries.flatMap(([, entry, names]) =>
        names.map((name) => [name, entry.put(z, name).optional()]),
      ),
    ),
    { error: 'Send the store settings to change as a JSON object.' },
  );
  const checked = entries.reduce<z.ZodType<Record<string, unknown>>>((schema, [, entry, names]) => {
    const once = entry.once;
    if (!once) return schema;
    return schema.refine(
      (body) => {
        const given = names.map((name) => body[name]).filter((value) => value !== undefined);
        return given.length < 2 || (once.same === true && given.every((v) => v === given[0]));
      },
      { error: once.message },
    );
  }, fields);
  return checked
    .transform(
      (body) =>
        Object.fromEntries(
          entries.flatMap(([key, , names]) => {
            const value = names.map((name) => body[name]).find((each) => each !== undefined);
            return value === undefined ? [] : [[key, value]];
          }),
        ) as SentSettings<R>,
    )
    .meta({ sentences: true });
}

/** The answer's fields for the settings, by their API names (the answer adds what is not one). */
export function settingsAnswerShape<R extends SettingsRegistry>(
  registry: R,
): { [K in keyof SettingsAnswer<R>]: z.ZodType<SettingsAnswer<R>[K]> } {
  return Object.fromEntries(
    Object.entries(registry).map(([key, entry]) => [wireName(key, entry), entry.answer(z)]),
  ) as { [K in keyof SettingsAnswer<R>]: z.ZodType<SettingsAnswer<R>[K]> };
}
