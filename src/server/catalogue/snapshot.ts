/**
 * The menu and the store's settings as this process last read them, so the catalogue's answers
 * and the store's status cost no database query: they change a few times a day and are asked
 * for on every visit and every minute by every open storefront (decision 11).
 *
 * Forgotten whenever they may have changed:
 *  - at once, by the process that made the change, before it answers the staff (`change`), so
 *    the staff's next read, and everyone's on this process, sees it;
 *  - on the database's NOTIFY for every write to categories, products, toppings,
 *    sold_out_flavours or store_settings, whoever made it (migrations 006 and 011), so every process on one
 *    database follows within moments;
 *  - and not kept at all while the listener is not live (starting, lost, reconnecting): then
 *    every read goes to the database, as it did before the snapshot existed.
 *
 * Only data is kept here; what depends on the time (is the store open now?) is worked out per
 * request from the remembered settings and the clock.
 */
import {
  flavorOptions,
  isRetired,
  type Category,
  type CategoryEntry,
  type Kind,
  type Product,
} from '../../domain';
import type { Database } from '../data/db';
import type { StoreBroadcast, StoreChange } from '../events/store-broadcast';
import type { Representation } from '../http/representation';
import {
  productsRepository,
  type ToppingRecord,
  type UnreadableProduct,
} from '../repositories/products';
import type { StoreSettings } from '../../domain/store-settings';
import { storeRepository } from '../repositories/store';
import { categoriesRepository } from '../repositories/categories';

export type Topping = ToppingRecord;

export interface Flavour {
  name: string;
  soldOut: boolean;
}

export interface Menu {
  /** Every category, hidden ones too (the staff's list), in the menu's order. */
  readonly categories: readonly CategoryEntry[];
  /**
   * The category on the storefront (not hidden) whose route segment or id this is, in any
   * letter case ("familycombos", "FamilyCombos"), or undefined.
   */
  category(segmentOrId: string): CategoryEntry | undefined;
  /**
   * Every product on the storefront, in the menu's order (its category's place, then its own):
   * retired ones (hidden, or in a hidden category: `isRetired`) are left out here, in `product`,
   * `inCategory` and `ofKind`, so no customer answer shows them.
   */
  readonly products: readonly Product[];
  /** Every product, hidden ones too, in the menu's order (a combo may list a hidden drink). */
  readonly allProducts: readonly Product[];
  /** Every topping, hidden ones too (the staff's list), in the menu's order. */
  readonly toppings: readonly Topping[];
  /** Every flavour a product offers, once, in the menu's order; sold out on all or none. */
  readonly flavours: readonly Flavour[];
  /** The flavours' names sold out now. */
  readonly soldOutFlavours: ReadonlySet<string>;
  product(id: string): Product | undefined;
  inCategory(category: Category): readonly Product[];
  /** The storefront's products of one kind, in the menu's order (the beverages, wherever). */
  ofKind(kind: Kind): readonly Product[];
  /**
   * The product a cart line names, hidden or not: a retired product's line stays in the cart,
   * priced, and says it is no longer on the menu (`cartLineNotice`).
   */
  lineProduct(id: string): Product | undefined;
  /** Whether any product is retired (Confirm Order then checks its lines against them). */
  readonly hasHidden: boolean;
  /**
   * An answer derived from this menu, built once by `build` and kept as long as the menu is.
   * Keys name what the answer is (route and its parameters); only ever for things that exist,
   * so strangers' requests cannot grow the memo.
   */
  answer(key: string, build: () => Promise<Representation>): Promise<Representation>;
  /** The answer `answer(key, ...)` built, once it is ready: no promise to wait on. */
  readyAnswer(key: string): Representation | undefined;
}

export interface CatalogueSnapshot {
  menu(): Promise<Menu>;
  settings(): Promise<StoreSettings>;
  /**
   * What `menu()` and `settings()` would give at once, when it is loaded and kept: the
   * catalogue's routes answer from it without waiting on a promise (undefined: ask the
   * promise).
   */
  readyMenu(): Menu | undefined;
  readySettings(): StoreSettings | undefined;
  /** Forgets `what`: the next read goes to the database. */
  invalidate(what: StoreChange): void;
  /**
   * Runs a write of the staff that changes `what`, then forgets it before the answer goes out,
   * committed or not, so this process never shows the state before its own change.
   */
  change<T>(what: StoreChange, write: () => Promise<T>): Promise<T>;
  /** Stops following the database's notifications. */
  close(): void;
}

/**
 * One remembered value: loaded once, shared by the requests that arrive while it loads, and
 * dropped by `forget`. A load that was under way when `forget` came is handed to the requests
 * that were waiting for it but not kept; a failed load is not kept either.
 */
function remembered<T>(load: () => Promise<T>, canKeep: () => boolean) {
  let current: Promise<T> | null = null;
  /** What `current` resolved to, while it is still the one kept. */
  let settled: { value: T } | null = null;
  return {
    ready(): T | undefined {
      return settled?.value;
    },
    get(): Promise<T> {
      if (current) return current;
      const loading = load();
      if (!canKeep()) return loading;
      current = loading;
      loading.then(
        (value) => {
          if (current === loading) settled = { value };
        },
        () => {
          if (current === loading) current = null;
        },
      );
      return loading;
    },
    forget() {
      current = null;
      settled = null;
    },
  };
}

function menuOf(
  categories: CategoryEntry[],
  all: Product[],
  toppings: Topping[],
  soldOut: Set<string>,
): Menu {
  // A hidden product's flavours stay listed for the staff: its lines in carts still hold them.
  const names = new Set(all.flatMap((product) => flavorOptions(product)));
  const flavours = [...names].map((name) => ({ name, soldOut: soldOut.has(name) }));
  // A row for a flavour no product offers any more is nothing to show or refuse.
  const soldOutFlavours = new Set(flavours.filter((f) => f.soldOut).map((f) => f.name));
  const products = all.filter((product) => !isRetired(product));
  const shown = categories.filter((category) => !category.hidden);
  const byId = new Map(products.map((product) => [product.id, product]));
  const anyById = new Map(all.map((product) => [product.id, product]));
  const byCategory = new Map<Category, Product[]>();
  for (const product of products) {
    const list = byCategory.get(product.category) ?? [];
    list.push(product);
    byCategory.set(product.category, list);
  }
  const answers = new Map<string, Promise<Representation>>();
  const built = new Map<string, Representation>();
  return {
    categories,
    category(segmentOrId) {
      const lower = segmentOrId.toLowerCase();
      return shown.find((c) => c.segment === lower || c.id.toLowerCase() === lower);
    },
    products,
    ofKind: (kind) => products.filter((product) => product.kind === kind),
    allProducts: all,
    toppings,
    flavours,
    soldOutFlavours,
    product: (id) => byId.get(id),
    inCategory: (category) => byCategory.get(category) ?? [],
    lineProduct: (id) => anyById.get(id),
    hasHidden: products.length < all.length,
    answer(key, build) {
      let answer = answers.get(key);
      if (!answer) {
        const building = build();
        answers.set(key, building);
        building.then(
          (representation) => built.set(key, representation),
          // A failed build (a bug in a presenter) is tried again by the next request.
          () => answers.delete(key),
        );
        answer = building;
      }
      return answer;
    },
    readyAnswer: (key) => built.get(key),
  };
}

/**
 * Logs each unreadable product once per problem: the menu is read again after every change on
 * any process (and at every request while the listener is down), and the same broken row must
 * not fill the log. A different problem in the same product is logged again.
 */
export function logUnreadableOnce(log: {
  warn(details: object, message: string): void;
}): (product: UnreadableProduct) => void {
  const logged = new Set<string>();
  return (product) => {
    const key = `${product.id} ${product.problems}`;
    if (logged.has(key)) return;
    logged.add(key);
    log.warn(
      { product },
      'product left out of the menu: its details do not parse (fix them to sell it again)',
    );
  };
}

export function createCatalogueSnapshot({
  db,
  broadcast,
  onUnreadable,
}: {
  db: Database;
  broadcast: Pick<StoreBroadcast, 'onDataChange' | 'isLive'>;
  /**
   * Told of each product left out of the menu because its details do not parse (decision 18).
   * Every menu this process loads reads every product, so this is where it is noticed.
   */
  onUnreadable?: (product: UnreadableProduct) => void;
}): CatalogueSnapshot {
  const canKeep = () => broadcast.isLive();
  const menu = remembered(async () => {
    const products = productsRepository(db, { onUnreadable });
    const [categories, list, toppings, soldOut] = await Promise.all([
      categoriesRepository(db).list(),
      products.list(),
      products.toppings(),
      products.soldOutFlavours(),
    ]);
    return menuOf(categories, list, toppings, soldOut);
  }, canKeep);
  const settings = remembered(() => storeRepository(db).settings(), canKeep);

  const invalidate = (what: StoreChange) => (what === 'menu' ? menu : settings).forget();
  const unsubscribe = broadcast.onDataChange(invalidate);

  return {
    menu: () => menu.get(),
    settings: () => settings.get(),
    readyMenu: () => menu.ready(),
    readySettings: () => settings.ready(),
    invalidate,
    async change(what, write) {
      try {
        return await write();
      } finally {
        invalidate(what);
      }
    },
    close: () => {
      unsubscribe();
      menu.forget();
      settings.forget();
    },
  };
}
