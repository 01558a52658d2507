import { useEffect, useState } from 'react';
import { isListKind, type CategoryEntry, type Product } from '../../../domain';
import { isAbort } from '../../shared/api';
import { menuApi } from '../../shared/menu-api';
import type { ApiTopping } from '../../shared/types';
import { ItemForm } from './item-form';
import './item.css';

/**
 * The item screen as a customer would see it, for a product not yet saved (the staff's menu
 * editor): the same intro and the same form, priced by the same engine, with Add to Cart
 * disabled. The toppings are the customer's list, so one sold out shows as it would.
 */
export function ItemPreview({
  product,
  category,
}: {
  product: Product;
  /** The product's category: its title and the alerts its Add would say. */
  category: Pick<CategoryEntry, 'title' | 'added' | 'failed'>;
}) {
  const [toppings, setToppings] = useState<readonly ApiTopping[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    menuApi.toppings(controller.signal).then(setToppings, (error: unknown) => {
      if (!isAbort(error)) setFailed(true);
    });
    return () => controller.abort();
  }, []);

  if (isListKind(product.kind)) {
    const title = category.title;
    return (
      <div className="item-detail item-preview">
        <h3 className="item-heading">{product.name}</h3>
        <p>
          {title} have no screen of their own: customers add them from the list of {title}.
        </p>
      </div>
    );
  }
  return (
    <div className="item-detail item-preview">
      <div className="item-intro">
        <h3 className="item-heading">{product.name || 'New item'}</h3>
        {product.image ? (
          <img
            className="item-image"
            src={product.image}
            width="480"
            height="360"
            alt={product.name}
          />
        ) : null}
        <div className="item-about">
          <p className="item-description">{product.description}</p>
        </div>
      </div>
      <ItemForm
        // A new shape (sizes added, pizzas changed) starts a new selection.
        key={JSON.stringify(product.details)}
        product={product}
        toppings={toppings}
        toppingsFailed={failed}
        soldOutOptions={[]}
        texts={category}
        preview
      />
    </div>
  );
}
