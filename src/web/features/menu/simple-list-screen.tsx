import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useLoaderData } from 'react-router';
import { CATALOGUE, formatMoney, MAX_QUANTITY, toCents } from '../../../domain';
import { BackToCategories } from '../../shared/back-link';
import { useNotice } from '../../shared/notices';
import { toDomainProduct } from '../../shared/product';
import type { ApiProduct } from '../../shared/types';
import { useAddToCart, type AddToCartTexts } from '../../shared/cart/use-add-to-cart';
import type { listLoader } from './menu-loaders';
import './simple-items.css';

/**
 * The list categories (Beverages, Sides): a card per item with a quantity and Add to Cart (no
 * options). Reached by the list's route, or by an item's route, which shows the list with that
 * item picked out.
 */
export default function SimpleListScreen() {
  const { category, picked, items } = useLoaderData<ReturnType<typeof listLoader>>();
  const texts = CATALOGUE[category];
  const { title } = texts;
  return (
    <section aria-labelledby="simple-list-title">
      <BackToCategories />
      <h1 id="simple-list-title">{title}</h1>
      {items.length === 0 ? <p>Nothing here right now.</p> : null}
      <ul className="card-grid simple-items">
        {items.map((item) => (
          <li key={item._id}>
            <SimpleItemCard item={item} texts={texts} picked={item._id === picked} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SimpleItemCard({
  item,
  texts,
  picked,
}: {
  item: ApiProduct;
  texts: AddToCartTexts;
  picked: boolean;
}) {
  const id = useId();
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);
  const addToCart = useAddToCart();
  const notify = useNotice();
  const card = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (picked) card.current?.scrollIntoView({ block: 'center' });
  }, [picked]);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
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
    setBusy(true);
    try {
      await addToCart(product, { productId: item._id, name: item.name, quantity: value }, texts);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={card}
      className={`item-card simple-item${picked ? ' picked' : ''}`}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-name`}
    >
      <img src={item.image} width="320" height="240" alt="" loading="lazy" />
      <h2 id={`${id}-name`} className="card-title">
        {item.name}
      </h2>
      <p className="simple-item-description">{item.description}</p>
      <p className="card-price">
        {formatMoney(toCents(item.price))}
        {item.soldOut ? <span className="sold-out-tag"> · Sold out</span> : null}
      </p>
      <div className="simple-item-controls">
        <label htmlFor={`${id}-quantity`}>
          Quantity<span className="visually-hidden"> of {item.name}</span>
        </label>
        <input
          id={`${id}-quantity`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <button type="submit" className="primary" disabled={item.soldOut || busy}>
          {item.soldOut ? 'Sold out' : 'Add to Cart'}
        </button>
      </div>
    </form>
  );
}
