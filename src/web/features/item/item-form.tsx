import { useMemo, useState, type SubmitEvent } from 'react';
import { PRODUCT_RULES, validateSelection, type Product } from '../../../domain';
import { useNotice } from '../../shared/notices';
import type { ApiTopping } from '../../shared/types';
import { useAddToCart, type AddToCartTexts } from '../../shared/cart/use-add-to-cart';
import { FlavorPicker, SidePicker } from './choice-pickers';
import { DrinkToggles } from './drink-toggles';
import { ItemActions } from './item-actions';
import { PriceLine } from './price-line';
import { QuantityField } from './quantity-field';
import { SizePicker } from './size-picker';
import { ToppingsSection } from './topping-picker';
import { useSelection } from './use-selection';

/**
 * The customising form of every detail screen; which parts show follows the product's rules
 * (PRODUCT_RULES), the same table the server checks a cart line against.
 */
export function ItemForm({
  product,
  toppings,
  toppingsFailed,
  texts,
}: {
  product: Product;
  toppings: readonly ApiTopping[] | null;
  toppingsFailed: boolean;
  /** The category's alerts (the catalogue's). */
  texts: AddToCartTexts;
}) {
  const rules = PRODUCT_RULES[product.category];
  const state = useSelection(product);
  const { selection } = state;
  const addToCart = useAddToCart();
  const notify = useNotice();
  const [busy, setBusy] = useState(false);

  const toppingNames = useMemo(
    () => new Set((toppings ?? []).filter((t) => !t.soldOut).map((t) => t.name)),
    [toppings],
  );
  const drinkNames = useMemo(() => new Set(product.details.drinks ?? []), [product]);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (state.quantity === null) {
      notify('Please select a quantity greater than 0.', 'error');
      return;
    }
    // The same check the server makes, so a bad choice is explained before anything is sent.
    const checked = validateSelection(product, state.payload, toppingNames, drinkNames);
    if (!checked.ok) {
      notify(texts.failed, 'error');
      notify(checked.message, 'error');
      return;
    }
    setBusy(true);
    try {
      await addToCart(product, state.payload, texts);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="item-form" onSubmit={(event) => void submit(event)} noValidate>
      <SizePicker product={product} size={selection.size} onChange={state.setSize} />
      <FlavorPicker product={product} flavor={selection.flavor} onChange={state.setFlavor} />
      <SidePicker product={product} side={selection.side} onChange={state.setSide} />
      <DrinkToggles
        product={product}
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
        value={selection.quantityText}
        fixed={rules.fixedQuantity}
        invalid={state.quantity === null}
        onChange={state.setQuantityText}
      />
      {/* Price and Add to Cart stay in reach at the bottom of a phone's screen while choosing. */}
      <div className="item-summary">
        <PriceLine
          unit={state.price.unit}
          line={state.price.line}
          quantity={state.payload.quantity}
        />
        <ItemActions soldOut={product.soldOut} busy={busy} />
      </div>
    </form>
  );
}
