import { flavorOptions, productRules, type Product } from '../../../domain';
import { OptionGroup } from './option-group';

/**
 * The product's flavour field: wings flavour for combos, flavour for wings and panzerotti. A
 * flavour sold out (out of that sauce) shows so and cannot be chosen.
 */
export function FlavorPicker({
  product,
  flavor,
  soldOut,
  onChange,
}: {
  product: Product;
  flavor: string | undefined;
  soldOut: ReadonlySet<string>;
  onChange: (flavor: string) => void;
}) {
  const rules = productRules(product);
  const options = flavorOptions(product);
  if (rules.flavor === 'none' || options.length === 0) return null;
  return (
    <OptionGroup
      legend={rules.flavor === 'wingsFlavor' ? 'Wings flavour' : 'Flavour'}
      name="flavor"
      field="flavor"
      options={options}
      value={flavor}
      unavailable={(option) => soldOut.has(option)}
      note={(option) => (soldOut.has(option) ? 'Sold out' : null)}
      onChange={onChange}
    />
  );
}

/** The combo's side; a side sold out on the menu shows so and cannot be chosen. */
export function SidePicker({
  product,
  side,
  soldOut,
  onChange,
}: {
  product: Product;
  side: string | undefined;
  soldOut: ReadonlySet<string>;
  onChange: (side: string) => void;
}) {
  const options = product.details.sides ?? [];
  if (productRules(product).sides === 0 || options.length === 0) return null;
  return (
    <OptionGroup
      legend="Side"
      name="side"
      field="sides"
      options={options}
      value={side}
      unavailable={(option) => soldOut.has(option)}
      note={(option) => (soldOut.has(option) ? 'Sold out' : null)}
      onChange={onChange}
    />
  );
}
