import { describe, expect, it } from 'vitest';
import {
  SEEDED_CATEGORIES,
  type ApiErrorBody,
  type ApiMenuDocument,
  type ApiStaffProduct,
  type Kind,
} from '../../src/domain';
import { ALLERGENS, DIETARY_MARKS } from '../../src/domain/allergens';
import { MENU_LIST_LIMITS } from '../../src/domain/menu-limits';
import { call } from '../support/orders';
import { storeTest } from '../support/store-test';

/**
 * Every list the menu takes has a cap (issue 45 item 7: one import of 547 KB put 10,000 windows
 * on one product and `/api/products` grew from 9.6 KB to 12.2 MB). One list too long, by the
 * menu document's import, by the product editor's PATCH, by a category's or a topping's own
 * route: a 400 saying the cap in the editor's words, and nothing stored.
 */

const t = storeTest({ accounts: { admin: 'admin' } });
const { admin } = t.accounts;

const JSON_TYPE = { 'content-type': 'application/json' };

async function exported(): Promise<ApiMenuDocument> {
  const response = await call(t.app, admin, 'GET', '/api/staff/menu');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ApiMenuDocument>();
}

/** Every menu row as stored: what "nothing stored" is compared with. */
async function tables() {
  return {
    products: await t.db.query(`select * from products order by id`),
    toppings: await t.db.query(`select * from toppings order by id`),
    categories: await t.db.query(`select * from categories order by id`),
  };
}

/** `send` answers 400 `invalid_input` whose message matches `words`, and stores nothing. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; body: string }>,
  words: RegExp,
) {
  const before = await tables();
  const response = await send();
  expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
  const answer = JSON.parse(response.body) as ApiErrorBody;
  expect(answer.code).toBe('invalid_input');
  expect(answer.message).toMatch(words);
  expect(await tables()).toEqual(before);
}

const kindOf = (product: ApiStaffProduct): Kind | undefined =>
  SEEDED_CATEGORIES.find((category) => category.id === product.category)?.kind;

const window = (day: number, hour: number) => ({
  days: [day],
  from: `${String(hour).padStart(2, '0')}:00`,
  to: `${String(hour).padStart(2, '0')}:30`,
});
const names = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, at) => `${prefix} ${at + 1}`);

/**
 * Each list of a product's details one entry over its cap: the kind of product that has it,
 * the list, and the words the refusal says. Fifteen windows, the case, first.
 */
const PRODUCT_LISTS: {
  list: string;
  label: string;
  kind: Kind;
  value: unknown[];
  words: RegExp;
}[] = [
  {
    list: 'availableAt',
    label: 'available',
    kind: 'simple',
    value: Array.from({ length: 15 }, (_, at) => window(at % 7, 8 + at)),
    words: /At most 14 time windows/i,
  },
  {
    list: 'allergens',
    label: 'allergens',
    kind: 'simple',
    value: [...ALLERGENS, 'milk'],
    words: new RegExp(`At most ${ALLERGENS.length} allergens`, 'i'),
  },
  {
    list: 'marks',
    label: 'dietary marks',
    kind: 'simple',
    value: [...DIETARY_MARKS, 'vegan'],
    words: new RegExp(`At most ${DIETARY_MARKS.length} dietary marks`, 'i'),
  },
  {
    list: 'sizes',
    label: 'sizes',
    kind: 'wings-combo',
    value: names(MENU_LIST_LIMITS.sizes.max + 1, 'Size'),
    words: /At most 12 sizes/i,
  },
  {
    list: 'wingsFlavors',
    label: 'wing flavours',
    kind: 'wings-combo',
    value: names(MENU_LIST_LIMITS.wingsFlavors.max + 1, 'Flavour'),
    words: /At most 40 wing flavours/i,
  },
  {
    list: 'sides',
    label: 'sides',
    kind: 'wings-combo',
    value: names(MENU_LIST_LIMITS.sides.max + 1, 'Side'),
    words: /At most 30 sides/i,
  },
  {
    list: 'drinks',
    label: 'drinks',
    kind: 'wings-combo',
    value: names(MENU_LIST_LIMITS.drinks.max + 1, 'Drink'),
    words: /At most 60 drinks/i,
  },
  {
    list: 'Flavors',
    label: 'panzerotto flavours',
    kind: 'panzerotti',
    value: names(MENU_LIST_LIMITS.Flavors.max + 1, 'Flavour'),
    words: /At most 40 panzerotto flavours/i,
  },
];

describe('a list of a product over its cap', () => {
  it.each(PRODUCT_LISTS)(
    '$list: the import and the editor’s PATCH refuse it, naming it in words',
    async ({ list, label, kind, value, words }) => {
      const document = await exported();
      const index = document.products.findIndex((product) => kindOf(product) === kind);
      const product = document.products[index];
      if (!product) throw new Error(`no ${kind} product`);
      const details = { ...product.details, [list]: value };
      const products = document.products.map((each, at) =>
        at === index ? { ...each, details } : each,
      );
      // The import names the item, counted from 1, and the list as the editor labels it.
      const escaped = product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const named = new RegExp(
        `^Item ${index + 1} \\(${escaped}\\), ${label}: ${words.source}`,
        'i',
      );
      for (const dryRun of [true, false]) {
        await expectRefused(
          () =>
            call(
              t.app,
              admin,
              'PUT',
              `/api/staff/menu${dryRun ? '?dryRun=true' : ''}`,
              { ...document, products },
              JSON_TYPE,
            ),
          named,
        );
      }
      await expectRefused(
        () =>
          call(t.app, admin, 'PATCH', `/api/staff/products/${product._id}`, { details }, JSON_TYPE),
        words,
      );
    },
  );

  it('takes 14 windows, the cap', async () => {
    const document = await exported();
    const product = document.products.find((each) => kindOf(each) === 'simple');
    if (!product) throw new Error('no simple product');
    const availableAt = Array.from({ length: 14 }, (_, at) => window(at % 7, 8 + at));
    const response = await call(
      t.app,
      admin,
      'PATCH',
      `/api/staff/products/${product._id}`,
      { details: { ...product.details, availableAt } },
      JSON_TYPE,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ApiStaffProduct>().details.availableAt).toHaveLength(14);
  });
});

describe('a category’s or topping’s list over its cap', () => {
  const fifteen = Array.from({ length: 15 }, (_, at) => window(at % 7, 8 + at));

  it('a category’s 15 windows: refused by its PATCH and by the import', async () => {
    const document = await exported();
    const [first] = document.categories;
    if (!first) throw new Error('no category');
    await expectRefused(
      () =>
        call(
          t.app,
          admin,
          'PATCH',
          `/api/staff/categories/${first.category}`,
          { availableAt: fifteen },
          JSON_TYPE,
        ),
      /At most 14 time windows/i,
    );
    await expectRefused(
      () =>
        call(
          t.app,
          admin,
          'POST',
          '/api/staff/categories',
          { title: 'Breakfast', kind: 'simple', availableAt: fifteen },
          JSON_TYPE,
        ),
      /At most 14 time windows/i,
    );
    const categories = document.categories.map((each, at) =>
      at === 0 ? { ...each, availableAt: fifteen } : each,
    );
    await expectRefused(
      () => call(t.app, admin, 'PUT', '/api/staff/menu', { ...document, categories }, JSON_TYPE),
      /At most 14 time windows/i,
    );
  });

  it('a topping’s allergens and marks: refused by its PATCH and by the import', async () => {
    const document = await exported();
    const [first] = document.toppings;
    if (!first) throw new Error('no topping');
    for (const [field, value, words] of [
      ['allergens', [...ALLERGENS, 'milk'], /At most 11 allergens/i],
      ['marks', [...DIETARY_MARKS, 'spicy'], /At most 4 dietary marks/i],
    ] as const) {
      await expectRefused(
        () =>
          call(
            t.app,
            admin,
            'PATCH',
            `/api/staff/toppings/${first._id}`,
            { [field]: value },
            JSON_TYPE,
          ),
        words,
      );
      const toppings = document.toppings.map((each, at) =>
        at === 0 ? { ...each, [field]: value } : each,
      );
      await expectRefused(
        () => call(t.app, admin, 'PUT', '/api/staff/menu', { ...document, toppings }, JSON_TYPE),
        words,
      );
    }
  });

  it('a document’s own lists: categories, items and toppings', async () => {
    const document = await exported();
    const [product] = document.products;
    const [topping] = document.toppings;
    const [category] = document.categories;
    if (!product || !topping || !category) throw new Error('an empty menu');
    const many = <T>(entry: T, count: number, change: (entry: T, at: number) => unknown) =>
      Array.from({ length: count }, (_, at) => change(entry, at));
    for (const [list, document2] of [
      [
        'items',
        {
          ...document,
          products: many(product, 501, (each, at) => ({ ...each, _id: undefined, name: `P${at}` })),
        },
      ],
      [
        'toppings',
        {
          ...document,
          toppings: many(topping, 201, (each, at) => ({ ...each, _id: undefined, name: `T${at}` })),
        },
      ],
      [
        'categories',
        {
          ...document,
          categories: many(category, 51, (each, at) => ({
            ...each,
            category: `C${at}`,
            title: `C${at}`,
          })),
        },
      ],
    ] as const) {
      const max = { items: 500, toppings: 200, categories: 50 }[list];
      await expectRefused(
        () => call(t.app, admin, 'PUT', '/api/staff/menu', document2, JSON_TYPE),
        new RegExp(`At most ${max} ${list}`, 'i'),
      );
    }
  });
});
