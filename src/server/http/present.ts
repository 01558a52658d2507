/**
 * The API's view of domain objects: `_id` strings and dollars with two decimals, as the spec's
 * client reads them. Cents never leave the server except through these functions.
 */
import {
  convertDetailsMoney,
  toDollars,
  type ApiProduct,
  type ApiProductDetails,
  type Product,
  type ProductDetails,
} from '../../domain';

export function presentDetails(details: ProductDetails): ApiProductDetails {
  return convertDetailsMoney(details, toDollars);
}

export function presentProduct(product: Product, withDetails = true): ApiProduct {
  return {
    _id: product.id,
    name: product.name,
    category: product.category,
    image: product.image,
    price: toDollars(product.price),
    description: product.description,
    soldOut: product.soldOut,
    ...(withDetails ? { details: presentDetails(product.details) } : {}),
  };
}
