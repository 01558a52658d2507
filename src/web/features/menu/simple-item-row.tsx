import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { formatMoney, MAX_QUANTITY, toCents } from '../../../domain';
import { useAddToCart, type AddToCartTexts } from '../../shared/cart/use-add-to-cart';
import { AllergenNote } from '../../shared/allergen-note';
import { useOrderAvailability } from '../../shared/availability';
import { useNotice } from '../../shared/notices';
import { toDomainProduct } from '../../shared/product';
import { QuantityStepper } from '../../shared/quantity-stepper';
import { ScheduleLater } from '../../shared/schedule-later';
import type { ApiProduct } from '../../shared/types';
import { listThumbnail } from '../../shared/thumbnail';
import { SoldOutBadge } from '../../shared/ui';
import { rowText, type ListKind } from './list-groups';

/**
 * One beverage or side as a compact row: picture, name, size (or what it is), price, − n + and
 * Add. A form of its own, so Enter in the quantity adds that item; named by the product's full
 * name ("Pepsi 591 ml"), which is also the name the cart shows.
 */
export function SimpleItemRow({
  kind,
  item,
  texts,
  picked,
  headingLevel,
}: {
  kind: ListKind;
  item: ApiProduct;
  texts: AddToCartTexts;
  picked: boolean;
  headingLevel: 2 | 3;
}) {
  const [quantity, setQuantity] = useState('1');
  const { addToCart, pending: busy } = useAddToCart();
  const notify = useNotice();
  const row = useRef<HTMLFormElement>(null);
  const { name, detail, detailIs } = rowText(kind, item);
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const availability = useOrderAvailability(item.availableAt);
  const { notOffered, scheduledFor } = availability;
  const whenId = useId();
  const unavailable = item.soldOut || notOffered !== null;

  useEffect(() => {
    if (picked) row.current?.scrollIntoView({ block: 'center' });
  }, [picked]);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy || notOffered) return;
    const value = Number(quantity);
    if (quantity.trim() === '' || !Number.isFinite(value) || value <= 0) {
      notify('Please select a quantity greater than 0.', 'error');
      return;
    }
    if (!Number.isInteger(value) || value > MAX_QUANTITY) {
      notify(`Please select a whole number up to ${MAX_QUANTITY}.`, 'error');
      return;
    }
    const product = toDomainProduct(item);
    if (!product) return;
    await addToCart(product, { productId: item._id, name: item.name, quantity: value }, texts);
  };

  return (
    <form
      ref={row}
      className={`list-row${picked ? ' picked' : ''}${unavailable ? ' sold-out' : ''}`}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={item.name}
    >
      <img src={listThumbnail(item.image)} width="96" height="72" alt="" loading="lazy" />
      <div className="list-row-body">
        <div className="list-row-top">
          <Name className="list-row-name">{name}</Name>
          <p className="list-row-price">{formatMoney(toCents(item.price))}</p>
        </div>
        <div className="list-row-bottom">
          <p className={`list-row-detail detail-${detailIs}`}>
            {item.soldOut ? <SoldOutBadge /> : null}
            {detail ? <span>{detail}</span> : null}
            {/* A drink's row stays at most 80 px tall (7 on a phone's screen): beside its size,
                small, what it contains only. */}
            {detailIs === 'size' ? <AllergenNote allergens={item.allergens} inline /> : null}
          </p>
          {detailIs === 'description' ? (
            <AllergenNote allergens={item.allergens} marks={item.marks} />
          ) : null}
          {notOffered || scheduledFor ? (
            <div className="list-row-when">
              <p id={whenId} className={notOffered ? 'list-row-not-offered' : 'list-row-for'}>
                {notOffered ?? scheduledFor}
              </p>
              {availability.laterSlots.length > 0 ? (
                <ScheduleLater
                  name={item.name}
                  slots={availability.laterSlots}
                  slot={availability.slot}
                  nameInButton
                />
              ) : null}
            </div>
          ) : null}
          <div className="list-row-controls">
            <QuantityStepper
              itemName={item.name}
              value={quantity}
              onChange={setQuantity}
              disabled={unavailable}
            />
            <button
              type="submit"
              className="primary list-row-add"
              disabled={unavailable}
              aria-describedby={notOffered || scheduledFor ? whenId : undefined}
            >
              Add<span className="visually-hidden"> to Cart</span>
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}
