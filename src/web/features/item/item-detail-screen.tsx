import { useMemo } from 'react';
import { Link } from 'react-router';
import { isListKind, type ApiCategory } from '../../../domain';
import { BackToCategories } from '../../shared/back-link';
import { pictureOf, toDomainProduct } from '../../shared/product';
import { ErrorMessage } from '../../shared/ui';
import { urls } from '../../shared/urls';
import type { ItemData } from './item-loader';
import { ItemForm } from './item-form';
import './item.css';

/**
 * The one view of every detail screen (`/{category lowercased}/{id}`, `menu/product-route.tsx`).
 * Its loader (`item-loader.ts`) has already fetched the product and, when needed, the toppings;
 * `category` is the route's, whose alerts an Add says.
 */
export function ItemDetailView({
  category,
  product,
  toppings,
  menu,
}: ItemData & { category: ApiCategory }) {
  const domainProduct = useMemo(() => (product ? toDomainProduct(product) : null), [product]);
  // The products of the lists (beverages, sides) and this product's flavours sold out now: the
  // drinks, side and flavour pickers show and refuse them.
  const soldOut = useMemo(
    () => [
      ...(menu ?? []).filter((p) => p.soldOut && isListKind(p.kind)).map((p) => p.name),
      ...(product?.details?.soldOutFlavors ?? []),
    ],
    [menu, product],
  );

  return (
    <article className="item-detail" aria-labelledby="item-title">
      <BackToCategories />
      {!domainProduct ? (
        <>
          <h1 id="item-title">Item not found</h1>
          <ErrorMessage>
            We could not find this item. It may have left the menu; please pick another from the
            categories.
          </ErrorMessage>
        </>
      ) : null}
      {domainProduct && isListKind(domainProduct.kind) ? (
        <>
          <h1 id="item-title">{domainProduct.name}</h1>
          <p>
            {category.title} are added from their list:{' '}
            <Link to={urls.category(domainProduct.category)}>
              see all {category.title.toLowerCase()}
            </Link>
            .
          </p>
        </>
      ) : null}
      {domainProduct && !isListKind(domainProduct.kind) ? (
        <>
          <div className="item-intro">
            <h1 id="item-title" className="item-heading">
              {domainProduct.name}
            </h1>
            <img
              className="item-image"
              src={pictureOf(domainProduct.image)}
              width="480"
              height="360"
              alt={domainProduct.name}
              fetchPriority="high"
            />
            <div className="item-about">
              <p className="item-description">{domainProduct.description}</p>
              {domainProduct.soldOut ? (
                <p className="item-sold-out" role="status">
                  Sold out
                </p>
              ) : null}
            </div>
          </div>
          <ItemForm
            key={domainProduct.id}
            product={domainProduct}
            toppings={toppings}
            toppingsFailed={toppings === null}
            soldOutOptions={soldOut}
            texts={category}
          />
        </>
      ) : null}
    </article>
  );
}
