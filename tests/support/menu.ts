import { toCents, type Product } from '../../src/domain';
import { PRODUCTS } from '../../src/server/data/menu-seed';

/** The seeded menu as domain products (cents), keyed by name, for tests that need no database. */
export const SEEDED_MENU = new Map<string, Product>(
  PRODUCTS.map((seed) => [
    seed.name,
    {
      id: seed.slug,
      name: seed.name,
      category: seed.category,
      image: '',
      price: toCents(seed.price),
      description: seed.description,
      details: seed.details ?? {},
      soldOut: false,
    },
  ]),
);
