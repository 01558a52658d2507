import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { categoryFromSegment, PRODUCT_RULES, type Category } from '../../../domain';
import { toDomainProduct } from '../../shared/product';
import type { ApiProduct, ApiTopping } from '../../shared/types';
import { ErrorMessage, Loading } from '../../shared/ui';
import { urls } from '../../shared/urls';
import { useApiResource } from '../menu/use-api';
import { isDetailCategory, ITEM_SCREENS } from './item-config';
import { ItemForm } from './item-form';
import './item.css';

const takesToppings = (category: Category | undefined) =>
  category !== undefined && PRODUCT_RULES[category].toppingLists !== 'none';

/**
 * The one route module of all eight detail screens (`/{category lowercased}/{id}`). The route's
 * segment says whether toppings are needed, so the product and the toppings load side by side.
 */
export default function ItemDetailScreen() {
  const { id = '' } = useParams();
  const segment = useLocation().pathname.split('/')[1] ?? '';
  const routeCategory = categoryFromSegment(segment);
  const product = useApiResource<ApiProduct>(`/api/products/${encodeURIComponent(id)}`);
  const domainProduct = useMemo(
    () => (product.data ? toDomainProduct(product.data) : null),
    [product.data],
  );
  const toppings = useApiResource<ApiTopping[]>(
    takesToppings(routeCategory) || takesToppings(domainProduct?.category) ? '/api/toppings' : null,
  );

  return (
    <article className="item-detail" aria-labelledby="item-title">
      <Link to={urls.home()} className="back-link">
        <span aria-hidden="true">←</span>
        Back to Categories
      </Link>
      {product.loading ? <Loading /> : null}
      {product.error || (product.data && !domainProduct) ? (
        <>
          <h1 id="item-title">Item not found</h1>
          <ErrorMessage>
            We could not find this item. It may have left the menu; please pick another from the
            categories.
          </ErrorMessage>
        </>
      ) : null}
      {domainProduct && !isDetailCategory(domainProduct.category) ? (
        <>
          <h1 id="item-title">{domainProduct.name}</h1>
          <p>
            {domainProduct.category} are added from their list:{' '}
            <Link
              to={domainProduct.category === 'Beverages' ? urls.beverages() : '/category/sides'}
            >
              see all {domainProduct.category.toLowerCase()}
            </Link>
            .
          </p>
        </>
      ) : null}
      {domainProduct && isDetailCategory(domainProduct.category) ? (
        <>
          <div className="item-intro">
            <div className="item-heading">
              <p className="item-kind">{ITEM_SCREENS[domainProduct.category].kind}</p>
              <h1 id="item-title">{domainProduct.name}</h1>
            </div>
            <img
              className="item-image"
              src={domainProduct.image}
              width="480"
              height="360"
              alt={domainProduct.name}
            />
            <div className="item-about">
              <p className="item-description">{domainProduct.description}</p>
              {domainProduct.soldOut ? (
                <p className="sold-out" role="status">
                  Sold out
                </p>
              ) : null}
            </div>
          </div>
          <ItemForm
            key={domainProduct.id}
            product={domainProduct}
            toppings={toppings.data}
            toppingsFailed={toppings.error !== null}
            config={ITEM_SCREENS[domainProduct.category]}
          />
        </>
      ) : null}
    </article>
  );
}
