import type { ApiMenuChange, ApiMenuFieldChange } from '../../../domain/api-types';
import { formatMoney, toCents } from '../../../domain/money';

/*
 * An import's change list (PUT /api/staff/menu, decision 19) in words, one line a change, so
 * the owner checks a dry run against what they meant to edit: "Hawaiian: price $14.99 →
 * $15.99", "Add: Lunch Duo (Two-for-One Deals)", "Hide: Garlic Knots". The server names fields
 * as the document does; the words follow the menu editor's labels.
 */

/** A category's title for people; the category itself when the catalogue has none. */
export type CategoryTitle = (category: string) => string;

const ARROW = ' → ';

/** The details fields' names as the menu editor labels them. */
const DETAIL_LABELS: Record<string, string> = {
  sizes: 'sizes',
  sizeDescriptions: 'size description',
  sizePrices: 'price',
  wingsFlavors: 'wing flavours',
  Flavors: 'panzerotto flavours',
  sides: 'sides',
  drinks: 'drinks',
  maxDrinks: 'most drinks',
  drinkLimits: 'most drinks for',
  pizzas: 'pizzas in the deal',
  toppingsPerPizza: 'free toppings per pizza',
  extraToppingPrice: 'extra topping price',
  toppingAllowance: 'how free toppings are counted',
  fixedQuantity: 'added one at a time',
  availableAt: 'when it is offered',
  allergens: 'allergens',
  marks: 'dietary marks',
};

/** Dollars on the wire shown as the screens show money. */
const money = (value: unknown) =>
  typeof value === 'number' ? formatMoney(toCents(value)) : 'none';

/** A plain value as a person reads it: lists joined, nothing said as "none". */
function plain(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value === '' ? 'none' : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(plain).join(', ');
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A by-size field (size prices, descriptions, drink limits) changed size by size: "Large price
 * $4.00 → $5.00", a size that only one side has said against "none".
 */
function bySize(
  label: string,
  from: unknown,
  to: unknown,
  show: (value: unknown) => string,
): string[] {
  const before = isRecord(from) ? from : {};
  const after = isRecord(to) ? to : {};
  const sizes = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return sizes
    .filter((size) => JSON.stringify(before[size]) !== JSON.stringify(after[size]))
    .map((size) => {
      const words = label === 'most drinks for' ? `${label} ${size}` : `${size} ${label}`;
      return `${words} ${show(before[size])}${ARROW}${show(after[size])}`;
    });
}

/** One field's change in words; some (a by-size field) are a phrase a size. */
function fieldWords(change: ApiMenuFieldChange, titleOf: CategoryTitle): string[] {
  const { field, from, to } = change;
  switch (field) {
    case 'price':
      return [`price ${money(from)}${ARROW}${money(to)}`];
    case 'name':
      return [`name ${plain(from)}${ARROW}${plain(to)}`];
    case 'category':
      return [`moved from ${titleOf(plain(from))} to ${titleOf(plain(to))}`];
    case 'image':
      return ['new photo'];
    case 'description':
      return ['new description'];
    case 'soldOut':
      return [to === true ? 'sold out' : 'back in stock'];
    case 'hidden':
      return [to === true ? 'hidden' : 'shown again'];
    case 'position':
      // The server counts from 0; people from 1.
      return typeof from === 'number' && typeof to === 'number'
        ? [`place ${from + 1}${ARROW}${to + 1}`]
        : ['moved'];
  }
  const key = field.startsWith('details.') ? field.slice('details.'.length) : field;
  const label = DETAIL_LABELS[key] ?? key;
  switch (key) {
    case 'sizePrices':
      return bySize(label, from, to, money);
    case 'sizeDescriptions':
    case 'drinkLimits':
      return bySize(label, from, to, plain);
    case 'extraToppingPrice':
      return [`${label} ${money(from)}${ARROW}${money(to)}`];
    case 'availableAt':
      // Windows are days and hours: the editor shows them; here, only that they changed.
      return [`${label} changed`];
  }
  return [`${label} ${plain(from)}${ARROW}${plain(to)}`];
}

/**
 * One change as a line: "Add: Lunch Duo (Two-for-One Deals)", "Hide: Garlic Knots",
 * "Hawaiian: price $14.99 → $15.99; sold out"; a topping's said as one.
 */
export function changeWords(change: ApiMenuChange, titleOf: CategoryTitle): string {
  const topping = change.kind === 'topping';
  const where = change.category === undefined ? '' : ` (${titleOf(change.category)})`;
  switch (change.action) {
    case 'create':
      return topping ? `Add topping: ${change.name}` : `Add: ${change.name}${where}`;
    case 'hide':
      return topping ? `Hide topping: ${change.name}` : `Hide: ${change.name}`;
    case 'update': {
      const what = (change.fields ?? []).flatMap((field) => fieldWords(field, titleOf));
      const subject = topping ? `Topping ${change.name}` : change.name;
      return `${subject}: ${what.length > 0 ? what.join('; ') : 'changed'}`;
    }
  }
}
