import { useId } from 'react';
import { drinkLimitMessage, productRules, type Product } from '../../../domain';
import { useNotice } from '../../shared/notices';

/**
 * A toggle per drink the combo offers, within the size's limit. Choosing one more than the
 * limit shows the spec's alert and leaves the choice as it was. The count beside the list says
 * how many are left, and at the limit the other drinks look unavailable (yet still answer a tap
 * with the alert, so the reason is never a mystery). A drink sold out on the menu says so and
 * cannot be chosen (one chosen before it sold out can still be taken off).
 */
export function DrinkToggles({
  product,
  soldOut,
  size,
  chosen,
  limit,
  onToggle,
}: {
  product: Product;
  soldOut: ReadonlySet<string>;
  size: string | undefined;
  chosen: readonly string[];
  limit: number;
  /** Answers false when the drink would pass the limit. */
  onToggle: (name: string) => boolean;
}) {
  const notify = useNotice();
  const countId = useId();
  const drinks = product.details.drinks ?? [];
  if (!productRules(product).drinks || drinks.length === 0) return null;
  const full = chosen.length >= limit;
  return (
    <fieldset className="drink-toggles" data-field="drinks">
      <legend>Drinks</legend>
      <div className="drink-status">
        <p className="hint">
          Up to {limit} {limit === 1 ? 'drink' : 'drinks'} included in the price.
        </p>
        <p id={countId} className={full ? 'drink-count full' : 'drink-count'} aria-live="polite">
          {full ? 'Limit reached: ' : ''}
          {chosen.length} of {limit} chosen
        </p>
      </div>
      <div className="toggle-list">
        {drinks.map((name) => {
          const pressed = chosen.includes(name);
          const gone = soldOut.has(name) && !pressed;
          return (
            <button
              key={name}
              type="button"
              className={
                gone ? 'toggle is-sold-out' : full && !pressed ? 'toggle at-limit' : 'toggle'
              }
              aria-pressed={pressed}
              aria-describedby={full && !pressed && !gone ? countId : undefined}
              disabled={gone}
              onClick={() => {
                if (!onToggle(name)) notify(drinkLimitMessage(product, size), 'error');
              }}
            >
              <span aria-hidden="true" className="toggle-mark">
                {pressed ? '✓' : '+'}
              </span>
              {name}
              {soldOut.has(name) ? <span className="option-note"> (sold out)</span> : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
