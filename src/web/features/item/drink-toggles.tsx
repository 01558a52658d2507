import { drinkLimitMessage, PRODUCT_RULES, type Product } from '../../../domain';
import { useNotice } from '../../shared/notices';

/**
 * A toggle per drink the combo offers, within the size's limit. Choosing one more than the
 * limit shows the spec's alert and leaves the choice as it was.
 */
export function DrinkToggles({
  product,
  size,
  chosen,
  limit,
  onToggle,
}: {
  product: Product;
  size: string | undefined;
  chosen: readonly string[];
  limit: number;
  /** Answers false when the drink would pass the limit. */
  onToggle: (name: string) => boolean;
}) {
  const notify = useNotice();
  const drinks = product.details.drinks ?? [];
  if (!PRODUCT_RULES[product.category].drinks || drinks.length === 0) return null;
  return (
    <fieldset className="drink-toggles">
      <legend>Drinks</legend>
      <p className="hint" aria-live="polite">
        Included in the price: choose up to {limit}. {chosen.length} chosen.
      </p>
      <div className="toggle-list">
        {drinks.map((name) => (
          <button
            key={name}
            type="button"
            className="toggle"
            aria-pressed={chosen.includes(name)}
            onClick={() => {
              if (!onToggle(name)) notify(drinkLimitMessage(product.category, size), 'error');
            }}
          >
            {chosen.includes(name) ? <span aria-hidden="true">✓ </span> : null}
            {name}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
