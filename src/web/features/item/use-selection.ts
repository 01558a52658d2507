import { useCallback, useMemo, useState } from 'react';
import {
  drinkLimit,
  flavorOptions,
  MAX_QUANTITY,
  MIN_QUANTITY,
  pizzaCount,
  priceSelection,
  productRules,
  type Product,
} from '../../../domain';
import type { NewCartItem } from '../../shared/cart/cart-api';
import { normaliseLocal } from '../../shared/cart/guest-pricing';

/** What the customer has chosen so far on a detail screen. */
export interface Selection {
  size: string | undefined;
  /** The value of the product's flavour field (`flavor` or `wingsFlavor`). */
  flavor: string | undefined;
  side: string | undefined;
  /** Drink names, one of each. */
  drinks: string[];
  /** One list per pizza; a single list for a flat topping list. */
  toppings: string[][];
  /** As typed, so the field can be cleared while editing. */
  quantityText: string;
}

/**
 * First size, flavour and side preselected (the first flavour and side not sold out), so Add to
 * Cart works at once.
 */
function initialSelection(product: Product, soldOut: ReadonlySet<string>): Selection {
  const rules = productRules(product);
  const sides = product.details.sides ?? [];
  const flavours = flavorOptions(product);
  return {
    size: rules.size ? product.details.sizes?.[0] : undefined,
    flavor: flavours.find((flavour) => !soldOut.has(flavour)) ?? flavours[0],
    side: rules.sides > 0 ? (sides.find((side) => !soldOut.has(side)) ?? sides[0]) : undefined,
    drinks: [],
    toppings: Array.from({ length: pizzaCount(product) }, () => []),
    quantityText: '1',
  };
}

/** A whole number from 1 to 99, or null. */
function parseQuantity(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const quantity = Number(text);
  return quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY ? quantity : null;
}

/** The cart line the selection makes, in the spec's payload shape. */
function selectionPayload(product: Product, selection: Selection, quantity: number): NewCartItem {
  const rules = productRules(product);
  const item: NewCartItem = { productId: product.id, quantity };
  if (rules.size && selection.size) item.size = selection.size;
  if (rules.flavor !== 'none' && selection.flavor) item[rules.flavor] = selection.flavor;
  if (rules.sides > 0 && selection.side) item.sides = [selection.side];
  if (rules.drinks) item.drinks = selection.drinks.map((name) => ({ name, quantity: 1 }));
  if (rules.toppingLists === 'flat') item.toppings = selection.toppings[0] ?? [];
  if (rules.toppingLists === 'per-pizza') item.toppings = selection.toppings;
  return item;
}

/**
 * The detail screen's state and its changes. Prices come from the domain engine; a size that
 * allows fewer drinks drops the extras, last chosen first.
 */
export function useSelection(product: Product, soldOut: ReadonlySet<string>) {
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product, soldOut));
  const rules = productRules(product);
  const quantity = rules.fixedQuantity ? 1 : parseQuantity(selection.quantityText);
  const limit = drinkLimit(product, selection.size);

  const payload = useMemo(
    () => selectionPayload(product, selection, quantity ?? MIN_QUANTITY),
    [product, selection, quantity],
  );
  const price = useMemo(
    () => priceSelection(product, normaliseLocal(payload), payload.quantity),
    [product, payload],
  );

  const setSize = useCallback(
    (size: string) =>
      setSelection((current) => ({
        ...current,
        size,
        drinks: current.drinks.slice(0, drinkLimit(product, size)),
      })),
    [product],
  );
  const setFlavor = useCallback(
    (flavor: string) => setSelection((current) => ({ ...current, flavor })),
    [],
  );
  const setSide = useCallback(
    (side: string) => setSelection((current) => ({ ...current, side })),
    [],
  );
  /** Toggles a drink; answers false (and changes nothing) when adding it would pass the limit. */
  const toggleDrink = useCallback(
    (name: string): boolean => {
      if (selection.drinks.includes(name)) {
        setSelection((current) => ({
          ...current,
          drinks: current.drinks.filter((drink) => drink !== name),
        }));
        return true;
      }
      if (selection.drinks.length >= limit) return false;
      setSelection((current) => ({ ...current, drinks: [...current.drinks, name] }));
      return true;
    },
    [selection.drinks, limit],
  );
  const toggleTopping = useCallback(
    (pizza: number, name: string) =>
      setSelection((current) => ({
        ...current,
        toppings: current.toppings.map((list, index) =>
          index !== pizza
            ? list
            : list.includes(name)
              ? list.filter((topping) => topping !== name)
              : [...list, name],
        ),
      })),
    [],
  );
  const setQuantityText = useCallback(
    (quantityText: string) => setSelection((current) => ({ ...current, quantityText })),
    [],
  );

  return {
    selection,
    quantity,
    payload,
    price,
    drinkLimit: limit,
    setSize,
    setFlavor,
    setSide,
    toggleDrink,
    toggleTopping,
    setQuantityText,
  };
}
