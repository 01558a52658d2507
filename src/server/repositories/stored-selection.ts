import type { NormalisedSelection } from '../../domain';

/**
 * A line's selection as its json column holds it (a cart's line or an order's): rows written
 * before a field existed still read as a complete selection.
 */
export function storedSelection(stored: Partial<NormalisedSelection> | null): NormalisedSelection {
  const kept = stored ?? {};
  return {
    ...(kept.size ? { size: kept.size } : {}),
    ...(kept.flavor ? { flavor: kept.flavor } : {}),
    ...(kept.wingsFlavor ? { wingsFlavor: kept.wingsFlavor } : {}),
    sides: kept.sides ?? [],
    drinks: kept.drinks ?? [],
    toppings: kept.toppings ?? [],
  };
}
