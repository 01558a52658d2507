import { useId } from 'react';
import { extraToppingCount, formatMoney, PRODUCT_RULES, type Product } from '../../../domain';
import type { ApiTopping } from '../../shared/types';

/** How many toppings are free and what an extra one costs, as the product counts them. */
function allowanceText(product: Product, pizzas: number): string {
  const free = product.details.toppingsPerPizza ?? 0;
  const extra = formatMoney(product.details.extraToppingPrice ?? 0);
  if (PRODUCT_RULES[product.category].allowance === 'over-total' && pizzas > 1) {
    return `${free * pizzas} toppings free in total across the ${pizzas} pizzas (${free} each); each extra topping ${extra}.`;
  }
  const where = pizzas > 1 ? ' on each pizza' : '';
  return `${free} toppings free${where}; each extra topping ${extra}.`;
}

/** Topping checkboxes, one set per pizza for the deals and the family and mega combos. */
export function ToppingsSection({
  product,
  toppings,
  chosen,
  loadFailed,
  onToggle,
}: {
  product: Product;
  toppings: readonly ApiTopping[] | null;
  chosen: readonly (readonly string[])[];
  loadFailed: boolean;
  onToggle: (pizza: number, name: string) => void;
}) {
  const mode = PRODUCT_RULES[product.category].toppingLists;
  if (mode === 'none') return null;
  const extras = extraToppingCount(product, chosen);
  return (
    <section className="toppings" aria-labelledby="toppings-title">
      <h2 id="toppings-title">Toppings</h2>
      <p className="hint">{allowanceText(product, chosen.length)}</p>
      <p className={extras > 0 ? 'extra-count has-extras' : 'extra-count'} aria-live="polite">
        Extra toppings: {extras}
      </p>
      {loadFailed ? (
        <p className="error-message">We could not load the toppings. Please refresh the page.</p>
      ) : null}
      {toppings
        ? chosen.map((list, pizza) => (
            <ToppingPicker
              key={pizza}
              legend={mode === 'per-pizza' ? `Pizza ${pizza + 1} toppings` : 'Choose toppings'}
              toppings={toppings}
              chosen={list}
              onToggle={(name) => onToggle(pizza, name)}
            />
          ))
        : null}
    </section>
  );
}

function ToppingPicker({
  legend,
  toppings,
  chosen,
  onToggle,
}: {
  legend: string;
  toppings: readonly ApiTopping[];
  chosen: readonly string[];
  onToggle: (name: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="topping-picker">
      <legend>
        {legend} <span className="legend-count">({chosen.length} chosen)</span>
      </legend>
      <div className="checkbox-grid">
        {toppings.map((topping, index) => (
          <label key={topping._id} className="option" htmlFor={`${id}-${index}`}>
            <input
              type="checkbox"
              id={`${id}-${index}`}
              checked={chosen.includes(topping.name)}
              disabled={topping.soldOut && !chosen.includes(topping.name)}
              onChange={() => onToggle(topping.name)}
            />
            <span className="option-text">
              <span>{topping.name}</span>
              {topping.soldOut ? <span className="option-note">(sold out)</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
