import { useId, useState } from 'react';
import {
  formatMoney,
  productRules,
  toppingSummary,
  toppingSummaryText,
  type Product,
} from '../../../domain';
import type { ApiTopping } from '../../shared/types';
import { PizzaTabs } from './pizza-tabs';

/** How many toppings are free and what an extra one costs, as the product counts them. */
function allowanceText(product: Product, pizzas: number): string {
  const free = product.details.toppingsPerPizza ?? 0;
  const extra = formatMoney(product.details.extraToppingPrice ?? 0);
  if (productRules(product).allowance === 'over-total' && pizzas > 1) {
    return `${free * pizzas} toppings free in total across the ${pizzas} pizzas (${free} each); each extra topping ${extra}.`;
  }
  const where = pizzas > 1 ? ' on each pizza' : '';
  return `${free} toppings free${where}; each extra topping ${extra}.`;
}

/**
 * The toppings, one pizza at a time: a tab per pizza for the deals and the family and mega
 * combos (three lists of nineteen toppings one under another made a phone scroll for ever),
 * a search that narrows the current pizza's chips, and each pizza's free and extra toppings
 * from the domain (`toppingSummary`), on its tab and above its chips.
 */
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
  const id = useId();
  const [active, setActive] = useState(0);
  // One search above the pizzas: it narrows whichever pizza is shown, and its text stays in view.
  const [query, setQuery] = useState('');
  const mode = productRules(product).toppingLists;
  if (mode === 'none') return null;
  const included = product.details.toppingsPerPizza ?? 0;
  const summaries = toppingSummary(product, chosen).map((summary) =>
    toppingSummaryText(summary, included),
  );
  const tabbed = mode === 'per-pizza' && chosen.length > 1;
  return (
    <section className="toppings" aria-labelledby={`${id}-title`} data-field="toppings">
      <h2 id={`${id}-title`} tabIndex={-1}>
        Toppings
      </h2>
      <p className="hint">{allowanceText(product, chosen.length)}</p>
      {loadFailed ? (
        <p className="error-message">We could not load the toppings. Please refresh the page.</p>
      ) : null}
      {toppings ? (
        <label className="topping-search" htmlFor={`${id}-search`}>
          <span>Search toppings</span>
          <input
            id={`${id}-search`}
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            // Enter in a search field would submit the form: adding to the cart by accident.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
        </label>
      ) : null}
      {toppings && tabbed ? (
        <PizzaTabs idPrefix={id} summaries={summaries} active={active} onSelect={setActive} />
      ) : null}
      {toppings
        ? chosen.map((list, pizza) => (
            <div
              key={pizza}
              className="topping-panel"
              {...(tabbed
                ? {
                    role: 'tabpanel',
                    id: `${id}-panel-${pizza}`,
                    'aria-labelledby': `${id}-tab-${pizza}-name`,
                    hidden: pizza !== active,
                  }
                : {})}
            >
              <ToppingChips
                legend={tabbed ? `Pizza ${pizza + 1} toppings` : 'Choose toppings'}
                summary={`${tabbed ? `Pizza ${pizza + 1}` : 'Your toppings'}: ${summaries[pizza] ?? ''}`}
                toppings={toppings}
                chosen={list}
                query={query}
                onToggle={(name) => onToggle(pizza, name)}
              />
            </div>
          ))
        : null}
    </section>
  );
}

/** One pizza's toppings as checkbox chips, narrowed by the search. */
function ToppingChips({
  legend,
  summary,
  toppings,
  chosen,
  query,
  onToggle,
}: {
  legend: string;
  summary: string;
  toppings: readonly ApiTopping[];
  chosen: readonly string[];
  query: string;
  onToggle: (name: string) => void;
}) {
  const id = useId();
  const wanted = query.trim().toLowerCase();
  const shown = toppings.filter((topping) => topping.name.toLowerCase().includes(wanted));
  return (
    <fieldset className="topping-picker">
      <legend className="visually-hidden">{legend}</legend>
      <p className="topping-summary" aria-live="polite" data-testid="topping-summary">
        {summary}
      </p>
      {/* Always in the page, so the words are read out when a search first finds nothing. */}
      <p className="hint no-match" aria-live="polite">
        {shown.length === 0 ? `No topping matches “${query.trim()}”.` : ''}
      </p>
      <div className="chip-grid">
        {shown.map((topping) => {
          const checked = chosen.includes(topping.name);
          return (
            <label key={topping._id} className="chip" htmlFor={`${id}-${topping._id}`}>
              <input
                type="checkbox"
                id={`${id}-${topping._id}`}
                checked={checked}
                disabled={topping.soldOut && !checked}
                onChange={() => onToggle(topping.name)}
              />
              <span>{topping.name}</span>
              {topping.soldOut ? <span className="option-note">(sold out)</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
