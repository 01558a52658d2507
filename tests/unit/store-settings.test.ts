import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  STORE_SETTINGS,
  adminRefusal,
  setting,
  settingFields,
  settingsDefaults,
  showSettings,
  storedChanges,
  unsavedFields,
  type SettingsAnswer,
} from '../../src/domain/store-settings';
import { wholeNumber } from '../../src/domain/whole-number';
import {
  settingsAnswerShape,
  settingsBodySchema,
} from '../../src/server/http/store-settings-schemas';
import { z } from 'zod';

/**
 * A setting is one entry of the registry: the PUT's body, the answer and the Store screen's
 * fields are worked out from it. Shown with a setting the next issue could add (a kitchen's
 * pizzas an hour), added here to a registry of this test's own.
 */
const PIZZAS_MESSAGE = 'Please give the pizzas an hour as a whole number from 1 to 500.';
const REGISTRY = {
  ...STORE_SETTINGS,
  pizzasPerHour: setting({
    column: 'pizzas_per_hour',
    default: 40,
    who: 'admin',
    wire: 'kitchenPizzasPerHour',
    answer: (zod) => zod.number().int(),
    put: (zod) => wholeNumber(zod, 1, 500, PIZZAS_MESSAGE),
    noun: 'the pizzas an hour',
    field: { label: 'Pizzas an hour', inputMode: 'numeric' },
  }),
};
const NOW = new Date('2026-11-23T18:00:00Z');
const body = settingsBodySchema(REGISTRY);
const answer = z.object({ storeOpen: z.boolean(), ...settingsAnswerShape(REGISTRY) });

describe('a setting added to the registry', () => {
  it('is read by PUT under its API name, checked by its own schema, beside the others', () => {
    expect(body.parse({ kitchenPizzasPerHour: '30', deliveryFee: '5.50', unknown: 1 })).toEqual({
      pizzasPerHour: 30,
      deliveryFeeCents: 550,
    });
    const refused = body.safeParse({ kitchenPizzasPerHour: 0 });
    expect(refused.error?.issues[0]?.message).toBe(PIZZAS_MESSAGE);
    // Only the admin changes it, as its entry says.
    expect(adminRefusal(REGISTRY, { pizzasPerHour: 30 })).toBe(
      'Only the store admin can change the pizzas an hour.',
    );
    expect(adminRefusal(REGISTRY, { deliveryFeeCents: 550 })).toBeNull();
    expect(storedChanges(REGISTRY, { pizzasPerHour: 30 }, NOW)).toEqual({ pizzasPerHour: 30 });
  });

  it('is in the answer, under its API name, and its type', () => {
    const values = { ...settingsDefaults(REGISTRY), pizzasPerHour: 35 };
    const shown = answer.parse({ storeOpen: true, ...showSettings(REGISTRY, values, NOW) });
    expect(shown).toMatchObject({ kitchenPizzasPerHour: 35, deliveryFee: 8, mode: 'auto' });
    expectTypeOf<SettingsAnswer<typeof REGISTRY>['kitchenPizzasPerHour']>().toEqualTypeOf<number>();
  });

  it('is a field of the Store screen, named in what the server did not save', () => {
    const field = settingFields(REGISTRY).find((each) => each.name === 'kitchenPizzasPerHour');
    expect(field?.input).toEqual({ label: 'Pizzas an hour', inputMode: 'numeric' });
    expect(field?.textOf({ kitchenPizzasPerHour: 35 })).toBe('35');
    expect(
      unsavedFields(REGISTRY, { kitchenPizzasPerHour: '30' }, { kitchenPizzasPerHour: 40 }),
    ).toEqual([{ name: 'kitchenPizzasPerHour', noun: 'the pizzas an hour' }]);
  });
});

describe('the store’s own settings', () => {
  it('read a setting sent under two names once, refusing two that disagree', () => {
    expect(body.parse({ acceptWindowMinutes: 7 })).toEqual({ acceptanceWindowMinutes: 7 });
    expect(body.parse({ acceptanceWindowMinutes: 7, acceptWindowMinutes: '7' })).toEqual({
      acceptanceWindowMinutes: 7,
    });
    expect(
      body.safeParse({ acceptanceWindowMinutes: 5, acceptWindowMinutes: 6 }).error?.issues[0]
        ?.message,
    ).toBe('Please send the acceptance window once (acceptanceWindowMinutes).');
    expect(body.safeParse({ pauseMinutes: 10, pauseUntil: null }).error?.issues[0]?.message).toBe(
      'Please send either pauseMinutes or pauseUntil, not both.',
    );
  });

  it('keep a pause in minutes as its end, and show a pause that ran out as none', () => {
    const { pauseUntil } = storedChanges(STORE_SETTINGS, body.parse({ pauseMinutes: 15 }), NOW);
    expect(pauseUntil).toEqual(new Date(NOW.getTime() + 15 * 60_000));
    expect(storedChanges(STORE_SETTINGS, body.parse({ pauseMinutes: 0 }), NOW)).toEqual({
      pauseUntil: null,
    });
    const values = { ...settingsDefaults(STORE_SETTINGS), pauseUntil: NOW };
    expect(showSettings(STORE_SETTINGS, values, NOW).pauseUntil).toBeNull();
    expect(showSettings(STORE_SETTINGS, values, new Date(NOW.getTime() - 1)).pauseUntil).toBe(
      NOW.toISOString(),
    );
  });
});
