import { useRef, type KeyboardEvent } from 'react';

/**
 * One tab per pizza (the WAI-ARIA tabs pattern, activation follows focus): the arrow keys move
 * between them, Home and End go to the first and last, and only the chosen tab is in the Tab
 * order. A tab is named "Pizza n"; that pizza's summary is its description, so a glance (or a
 * screen reader) gives every pizza's toppings without opening each one.
 */
export function PizzaTabs({
  idPrefix,
  summaries,
  active,
  onSelect,
}: {
  /** Tab n is `${idPrefix}-tab-n` and controls the panel `${idPrefix}-panel-n`. */
  idPrefix: string;
  /** One text per pizza, e.g. "3 free, 1 extra +$1.75". */
  summaries: readonly string[];
  active: number;
  onSelect: (pizza: number) => void;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const last = summaries.length - 1;

  const onKeyDown = (event: KeyboardEvent) => {
    const next =
      event.key === 'ArrowRight'
        ? active === last
          ? 0
          : active + 1
        : event.key === 'ArrowLeft'
          ? active === 0
            ? last
            : active - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="pizza-tabs" role="tablist" aria-label="Pizzas" onKeyDown={onKeyDown}>
      {summaries.map((summary, pizza) => {
        const id = `${idPrefix}-tab-${pizza}`;
        const selected = pizza === active;
        return (
          <button
            key={pizza}
            ref={(node) => {
              tabs.current[pizza] = node;
            }}
            type="button"
            role="tab"
            id={id}
            className="pizza-tab"
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${pizza}`}
            aria-describedby={`${id}-summary`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(pizza)}
          >
            <span id={`${id}-name`} className="pizza-tab-name">
              Pizza {pizza + 1}
            </span>
            {/* Out of the name (a speech user says "Pizza 2"), read as its description. */}
            <span id={`${id}-summary`} className="pizza-tab-summary" aria-hidden="true">
              {summary}
            </span>
          </button>
        );
      })}
    </div>
  );
}
