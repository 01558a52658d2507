import {
  KIND_RULES,
  convertDetailsMoney,
  toCents,
  toDollars,
  type AvailabilityWindow,
  type CategoryEntry,
  type Kind,
  type Product,
  type ProductDetails,
  type ToppingAllowance,
} from '../../../domain';
import type { Allergen, DietaryMark } from '../../../domain/allergens';
import type { ApiProductDetails, ApiStaffProduct } from '../../../domain/api-types';
import {
  checkProductDraft,
  type DraftProblem,
  type ProductDraft,
} from '../../../domain/product-draft';
import type { ProductFields } from './staff-admin-api';
import { inListOrder } from './allergen-checks';
import { typedCents } from './price';

/*
 * The menu editor's form as typed (every number a string, so "12." can be typed on the way to
 * "12.50"), and its conversion to the domain's ProductDraft, which the domain checks with the
 * same rules the server applies. Kept apart from the screen so the screen only draws.
 */

export interface SizeRow {
  /** React's key: a row keeps its inputs while the one above is removed. */
  key: number;
  name: string;
  price: string;
  description: string;
}

export interface WindowRow {
  key: number;
  days: number[];
  from: string;
  to: string;
}

export interface TextRow {
  key: number;
  value: string;
}

export type ListField = 'wingsFlavors' | 'Flavors' | 'sides';

export interface DraftForm {
  name: string;
  category: string;
  image: string;
  description: string;
  price: string;
  sizes: SizeRow[];
  lists: Record<ListField, TextRow[]>;
  drinks: string[];
  maxDrinks: string;
  /** Size name -> limit typed, for the sizes that have one. */
  drinkLimits: Record<string, string>;
  pizzas: string;
  toppingsPerPizza: string;
  extraToppingPrice: string;
  toppingAllowance: '' | ToppingAllowance;
  fixedQuantity: boolean;
  windows: WindowRow[];
  /** What it contains and its marks, any kind's; saved in the lists' order. */
  allergens: Allergen[];
  marks: DietaryMark[];
  /**
   * Details this form does not edit (one a newer server adds, say), sent back as they came so a
   * save never drops what another screen wrote.
   */
  kept: ApiProductDetails;
}

let nextKey = 1;
/** A fresh row key, unique for the page's life. */
export const rowKey = (): number => nextKey++;

/** Windows as the editor's rows (a product's or a category's), each with its own key. */
export const windowRows = (windows: readonly AvailabilityWindow[] | undefined): WindowRow[] =>
  (windows ?? []).map((window) => ({ key: rowKey(), ...window, days: [...window.days] }));

/** The rows as the windows the server keeps, each window's days in week order. */
export const windowsOf = (rows: readonly WindowRow[]): AvailabilityWindow[] =>
  rows.map(({ days, from, to }) => ({ days: [...days].sort(), from, to }));

/**
 * What the domain's checks leave to the details' schema, said before anything is sent: each
 * window needs a day, a start and an end. Null when every row has them.
 */
export function windowsProblem(rows: readonly WindowRow[]): string | null {
  const broken = rows.some((row) => row.days.length === 0 || row.from === '' || row.to === '');
  return broken ? 'Each time window needs at least one day, a start and an end.' : null;
}

const dollars = (amount: number | undefined) => (amount === undefined ? '' : amount.toFixed(2));
const counted = (value: number | undefined) => (value === undefined ? '' : String(value));
const rows = (values: string[] | undefined): TextRow[] =>
  (values ?? []).map((value) => ({ key: rowKey(), value }));

/** The store's categories as the editor reads them: id, kind, title. */
export type EditorCategory = Pick<CategoryEntry, 'id' | 'kind' | 'title'>;

/** The kind of one of the store's categories, else undefined (the form then shows no details). */
export function kindOfCategory(
  category: string,
  categories: readonly EditorCategory[],
): Kind | undefined {
  return categories.find((each) => each.id === category)?.kind;
}

/**
 * An empty form for a new product in `category` (the first of the store's when it has no such
 * category); a pizza deal starts with its one pizza.
 */
export function blankForm(category: string, categories: readonly EditorCategory[]): DraftForm {
  const known = categories.find((each) => each.id === category) ?? categories[0];
  return {
    name: '',
    category: known?.id ?? category,
    image: '',
    description: '',
    price: '',
    sizes: [],
    lists: { wingsFlavors: [], Flavors: [], sides: [] },
    drinks: [],
    maxDrinks: '',
    drinkLimits: {},
    pizzas: known?.kind === 'pizza-deal' ? '1' : '',
    toppingsPerPizza: '',
    extraToppingPrice: '',
    toppingAllowance: '',
    fixedQuantity: false,
    windows: [],
    allergens: [],
    marks: [],
    kept: {},
  };
}

/** The form for a product the staff list answered (dollars, as GET /api/products/{id}). */
export function formOf(product: ApiStaffProduct): DraftForm {
  const {
    sizes,
    sizePrices,
    sizeDescriptions,
    wingsFlavors,
    Flavors,
    sides,
    drinks,
    maxDrinks,
    drinkLimits,
    pizzas,
    toppingsPerPizza,
    extraToppingPrice,
    toppingAllowance,
    fixedQuantity,
    availableAt,
    allergens,
    marks,
    ...others
  } = product.details;
  const kept: ApiProductDetails = { ...others };
  // What the answer reports, not a field of the product.
  delete kept.soldOutFlavors;
  return {
    name: product.name,
    category: product.category,
    image: product.image,
    description: product.description,
    price: dollars(product.price),
    sizes: (sizes ?? []).map((name) => ({
      key: rowKey(),
      name,
      price: dollars(sizePrices?.[name]),
      description: sizeDescriptions?.[name] ?? '',
    })),
    lists: { wingsFlavors: rows(wingsFlavors), Flavors: rows(Flavors), sides: rows(sides) },
    drinks: drinks ?? [],
    maxDrinks: counted(maxDrinks),
    drinkLimits: Object.fromEntries(
      Object.entries(drinkLimits ?? {}).map(([size, limit]) => [size, String(limit)]),
    ),
    pizzas: counted(pizzas),
    toppingsPerPizza: counted(toppingsPerPizza),
    extraToppingPrice: dollars(extraToppingPrice),
    toppingAllowance: toppingAllowance ?? '',
    fixedQuantity: fixedQuantity === true,
    windows: windowRows(availableAt),
    allergens: allergens ?? [],
    marks: marks ?? [],
    kept,
  };
}

/** A whole number typed: empty is undefined; anything else a number the domain judges. */
export function typedCount(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The details the form's kind has, in cents; fields another kind has are left out. */
function draftDetails(form: DraftForm, kind: Kind | undefined): ProductDetails {
  const fields: readonly (keyof ProductDetails)[] = kind ? KIND_RULES[kind].fields : [];
  const has = (field: keyof ProductDetails) => fields.includes(field);
  const details: ProductDetails = {};
  const sizes = form.sizes.map((row) => row.name.trim());
  if (has('sizes') && form.sizes.length > 0) {
    details.sizes = form.sizes.map((row) => row.name);
    const prices: Record<string, number> = {};
    const descriptions: Record<string, string> = {};
    form.sizes.forEach((row, index) => {
      const cents = typedCents(row.price);
      if (cents !== undefined) prices[sizes[index] ?? ''] = cents;
      if (row.description.trim() !== '') descriptions[sizes[index] ?? ''] = row.description.trim();
    });
    details.sizePrices = prices;
    if (Object.keys(descriptions).length > 0) details.sizeDescriptions = descriptions;
  }
  for (const field of ['wingsFlavors', 'Flavors', 'sides'] as const) {
    if (has(field) && form.lists[field].length > 0) {
      details[field] = form.lists[field].map((row) => row.value);
    }
  }
  if (has('drinks') && form.drinks.length > 0) details.drinks = form.drinks;
  const maxDrinks = typedCount(form.maxDrinks);
  if (has('maxDrinks') && maxDrinks !== undefined) details.maxDrinks = maxDrinks;
  if (has('drinkLimits')) {
    const limits: Record<string, number> = {};
    for (const [size, text] of Object.entries(form.drinkLimits)) {
      const limit = typedCount(text);
      // A limit for a size since removed is dropped with it.
      if (limit !== undefined && sizes.includes(size)) limits[size] = limit;
    }
    if (Object.keys(limits).length > 0) details.drinkLimits = limits;
  }
  const pizzas = typedCount(form.pizzas);
  if (has('pizzas') && pizzas !== undefined) details.pizzas = pizzas;
  const perPizza = typedCount(form.toppingsPerPizza);
  if (has('toppingsPerPizza') && perPizza !== undefined) details.toppingsPerPizza = perPizza;
  const extra = typedCents(form.extraToppingPrice);
  if (has('extraToppingPrice') && extra !== undefined) details.extraToppingPrice = extra;
  if (has('toppingAllowance') && form.toppingAllowance !== '') {
    details.toppingAllowance = form.toppingAllowance;
  }
  if (has('fixedQuantity') && form.fixedQuantity) details.fixedQuantity = true;
  // Any kind may have windows (availability.ts).
  if (form.windows.length > 0) details.availableAt = windowsOf(form.windows);
  // Any kind may have them; in the lists' order, so a save that only reorders changes nothing,
  // and left out when none is ticked, as the seed leaves them.
  const { allergens, marks } = inListOrder(form);
  if (allergens.length > 0) details.allergens = allergens;
  if (marks.length > 0) details.marks = marks;
  return details;
}

/** The form as the domain's draft (cents), with what it keeps but does not edit. */
export function draftOf(form: DraftForm, categories: readonly EditorCategory[]): ProductDraft {
  const kept = convertDetailsMoney(form.kept, toCents);
  return {
    name: form.name.trim(),
    category: form.category,
    image: form.image,
    price: typedCents(form.price) ?? Number.NaN,
    description: form.description.trim(),
    details: { ...kept, ...draftDetails(form, kindOfCategory(form.category, categories)) },
  };
}

/** The draft as the API takes it (dollars). */
export function fieldsOf(draft: ProductDraft): ProductFields {
  return {
    name: draft.name,
    category: draft.category,
    image: draft.image,
    price: toDollars(draft.price),
    description: draft.description,
    details: convertDetailsMoney(draft.details, toDollars),
  };
}

/** The draft as the domain's Product, for the preview; null when its category is unknown. */
export function previewProduct(
  draft: ProductDraft,
  id: string,
  categories: readonly EditorCategory[],
): Product | null {
  const kind = kindOfCategory(draft.category, categories);
  if (!kind) return null;
  return {
    id,
    name: draft.name,
    category: draft.category,
    kind,
    image: draft.image,
    price: Number.isInteger(draft.price) ? draft.price : 0,
    description: draft.description,
    details: draft.details,
    soldOut: false,
    hidden: false,
  };
}

const DETAIL_KEYS = ['sizePrices', 'sizeDescriptions', 'drinkLimits'] as const;

/**
 * The field a problem is shown beside. The domain names a size's missing price as
 * `details.sizePrices` with the size in quotes; that size's own price field says it.
 */
export function placeOf(problem: DraftProblem, form: DraftForm): string {
  for (const key of DETAIL_KEYS) {
    if (problem.field !== `details.${key}`) continue;
    const size = form.sizes.find((row) => problem.message.includes(`"${row.name.trim()}"`));
    if (size) return `details.${key}.${size.name.trim()}`;
  }
  return problem.field;
}

/**
 * The windows' own rules, which the domain's draft check leaves to the details' schema: at
 * least one day, and both times.
 */
function windowProblems(form: DraftForm): DraftProblem[] {
  const message = windowsProblem(form.windows);
  return message ? [{ field: 'details.availableAt', message }] : [];
}

/** Every problem of the form, each keyed by the field it is shown beside. */
export function formProblems(
  form: DraftForm,
  products: readonly ApiStaffProduct[],
  editingId: string | undefined,
  categories: readonly EditorCategory[],
): Map<string, string> {
  const draft = draftOf(form, categories);
  const takenNames = products
    .filter((each) => each.category === draft.category && each._id !== editingId)
    .map((each) => each.name);
  const found = new Map<string, string>();
  const problems = [
    ...checkProductDraft(draft, { categories, takenNames }),
    ...windowProblems(form),
  ];
  for (const problem of problems) {
    const place = placeOf(problem, form);
    // The first problem of a field is the one to fix first.
    if (!found.has(place)) found.set(place, problem.message);
  }
  return found;
}
