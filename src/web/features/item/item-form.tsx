import { useId, useMemo, useRef, type SubmitEvent } from 'react';
import { MAX_QUANTITY, productRules, validateSelection, type Product } from '../../../domain';
import { chosenToppingFacts, lineAllergens } from '../../../domain/allergens';
import { AllergenNote } from '../../shared/allergen-note';
import { useOrderAvailability } from '../../shared/availability';
import { useNotice } from '../../shared/notices';
import { ScheduleLater } from '../../shared/schedule-later';
import type { ApiTopping } from '../../shared/types';
import { useAddToCart, type AddToCartTexts } from '../../shared/cart/use-add-to-cart';
import { FlavorPicker, SidePicker } from './choice-pickers';
import { focusChoice } from './focus-choice';
import { DrinkToggles } from './drink-toggles';
import { ItemActions } from './item-actions';
import { PriceLine } from './price-line';
import { QuantityField } from './quantity-field';
import { selectionProblem } from './selection-problem';
import { SizePicker } from './size-picker';
import { ToppingsSection } from './topping-picker';
import { useSelection } from './use-selection';

/**
 * The customising form of every detail screen; which parts show follows the product's rules
 * (`productRules`: its kind and its details), the same rules the server checks a cart line against.
 */
export function ItemForm({
  product,
  toppings,
  toppingsFailed,
  soldOutOptions,
  texts,
  preview = false,
}: {
  product: Product;
  toppings: readonly ApiTopping[] | null;
  toppingsFailed: boolean;
  /** The beverages, sides and flavours sold out now, by name. */
  soldOutOptions: readonly string[];
  /** The category's alerts (the catalogue's). */
  texts: AddToCartTexts;
  /** The staff's preview of a draft: drawn as a customer sees it, never added. */
  preview?: boolean;
}) {
  const rules = productRules(product);
  // Everything sold out a choice could name: shown as sold out, never pickable, refused here.
  const soldOut = useMemo(
    () =>
      new Set([...soldOutOptions, ...(toppings ?? []).filter((t) => t.soldOut).map((t) => t.name)]),
    [soldOutOptions, toppings],
  );
  const state = useSelection(product, soldOut);
  const { selection } = state;
  const { addToCart, pending: busy } = useAddToCart();
  const notify = useNotice();
  const form = useRef<HTMLFormElement>(null);
  const missingId = useId();
  const whenId = useId();
  const availability = useOrderAvailability(product.details.availableAt);
  const { notOffered, scheduledFor } = availability;

  const toppingNames = useMemo(
    () => new Set((toppings ?? []).filter((t) => !t.soldOut).map((t) => t.name)),
    [toppings],
  );
  // What the line contains as chosen so far: the product's, with the chosen toppings'.
  const contains = useMemo(
    () => lineAllergens(product.details, chosenToppingFacts(selection.toppings, toppings ?? [])),
    [product, selection.toppings, toppings],
  );
  const drinkNames = useMemo(() => new Set(product.details.drinks ?? []), [product]);
  const problem = useMemo(
    () => selectionProblem(product, state.payload, state.quantity, toppingNames, drinkNames),
    [product, state.payload, state.quantity, toppingNames, drinkNames],
  );

  // With something missing, Add to Cart stays enabled and says what (aria-describedby, the
  // bar's text); a press takes the customer to that choice. A disabled button could not be
  // focused or pressed to find out why, and would leave a keyboard or screen reader user stuck.
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy || notOffered || preview) return;
    if (problem) {
      if (state.quantity === null) {
        // The spec's alert for a quantity of 0 or less; the list rows' text past the maximum.
        const value = Number(selection.quantityText);
        notify(
          selection.quantityText.trim() === '' || !(value > 0)
            ? 'Please select a quantity greater than 0.'
            : `Please select a whole number up to ${MAX_QUANTITY}.`,
          'error',
        );
      } else {
        notify(texts.failed, 'error', problem.message);
      }
      if (form.current) focusChoice(form.current, problem.field);
      return;
    }
    // The same check the server makes (a sold-out product is refused here, not by a request).
    const checked = validateSelection(product, state.payload, toppingNames, drinkNames, soldOut);
    if (!checked.ok) {
      notify(texts.failed, 'error', checked.message);
      return;
    }
    await addToCart(product, state.payload, texts);
  };

  return (
    <form ref={form} className="item-form" onSubmit={(event) => void submit(event)} noValidate>
      <SizePicker product={product} size={selection.size} onChange={state.setSize} />
      <FlavorPicker
        product={product}
        flavor={selection.flavor}
        soldOut={soldOut}
        onChange={state.setFlavor}
      />
      <SidePicker
        product={product}
        side={selection.side}
        soldOut={soldOut}
        onChange={state.setSide}
      />
      <DrinkToggles
        product={product}
        soldOut={soldOut}
        size={selection.size}
        chosen={selection.drinks}
        limit={state.drinkLimit}
        onToggle={state.toggleDrink}
      />
      <ToppingsSection
        product={product}
        toppings={toppings}
        chosen={selection.toppings}
        loadFailed={toppingsFailed}
        onToggle={state.toggleTopping}
      />
      <QuantityField
        itemName={product.name}
        value={selection.quantityText}
        fixed={rules.fixedQuantity}
        invalid={state.quantity === null}
        onChange={state.setQuantityText}
      />
      {/* Price, what is missing and Add to Cart stay in reach at the bottom of a phone's screen
          while choosing, and settle at the end of the form. */}
      <AllergenNote allergens={contains.allergens} marks={contains.marks} testId="item-allergens" />
      <div className="item-summary">
        {notOffered || scheduledFor ? (
          <div className="item-when">
            <p
              id={whenId}
              className={notOffered ? 'item-not-offered' : 'item-for'}
              data-testid={notOffered ? 'item-not-offered' : 'item-for'}
            >
              {notOffered ?? scheduledFor}
            </p>
            {/* Offered at a time the customer may schedule: a way to order it for then. */}
            {availability.laterSlots.length > 0 && !preview ? (
              <ScheduleLater
                name={product.name}
                slots={availability.laterSlots}
                slot={availability.slot}
              />
            ) : null}
          </div>
        ) : null}
        {problem && !notOffered ? (
          <p id={missingId} className="item-missing" data-testid="item-missing">
            {problem.missing}
          </p>
        ) : null}
        <PriceLine
          unit={state.price.unit}
          line={state.price.line}
          quantity={state.payload.quantity}
        />
        <ItemActions
          soldOut={product.soldOut}
          notOffered={notOffered !== null}
          busy={busy}
          preview={preview}
          describedBy={
            notOffered
              ? whenId
              : [scheduledFor ? whenId : null, problem ? missingId : null]
                  .filter(Boolean)
                  .join(' ') || undefined
          }
        />
      </div>
    </form>
  );
}
