/**
 * The API's view of domain objects: `_id` strings and dollars with two decimals, as the spec's
 * client reads them. Cents never leave the server except through these functions.
 */
import {
  convertDetailsMoney,
  flavorOptions,
  offeredWindows,
  toDollars,
  type ApiCategory,
  type CategoryEntry,
  type ApiContact,
  type ApiProduct,
  type ApiProductDetails,
  type ApiTopping,
  type ApiUser,
  type NormalisedSelection,
  type Product,
  type ProductDetails,
} from '../../domain';
import {
  chosenToppingFacts,
  isAllergen,
  isDietaryMark,
  lineAllergens,
  type LineAllergens,
} from '../../domain/allergens';
import type { Contact } from '../repositories/contacts';
import type { ToppingRecord } from '../repositories/products';

export function presentDetails(details: ProductDetails): ApiProductDetails {
  return convertDetailsMoney(details, toDollars);
}

/**
 * The product as the API shows it (with its availability windows, when it has some, on lists
 * too); with its details, those of its flavours in `soldOutFlavours`
 * are named (`soldOutFlavors`, only when there are some), so its picker shows them sold out.
 */
export function presentProduct(
  product: Product,
  withDetails = true,
  soldOutFlavours: ReadonlySet<string> = new Set(),
): ApiProduct {
  const soldOutFlavors = flavorOptions(product).filter((name) => soldOutFlavours.has(name));
  // The customer's windows: the product's own, else its category's (`offeredWindows`).
  const availableAt = offeredWindows(product);
  return {
    _id: product.id,
    name: product.name,
    category: product.category,
    kind: product.kind,
    image: product.image,
    price: toDollars(product.price),
    description: product.description,
    soldOut: product.soldOut,
    ...(availableAt ? { availableAt } : {}),
    // Like the windows, on lists too: a list row (a side, a drink) has no screen to show them.
    ...(product.details.allergens?.length ? { allergens: product.details.allergens } : {}),
    ...(product.details.marks?.length ? { marks: product.details.marks } : {}),
    ...(withDetails
      ? {
          details: {
            ...presentDetails(product.details),
            ...(availableAt ? { availableAt } : {}),
            ...(soldOutFlavors.length > 0 ? { soldOutFlavors } : {}),
          },
        }
      : {}),
  };
}

/** A category as the storefront's API shows it (`hidden` is the staff's). */
export function presentCategory(category: CategoryEntry): ApiCategory {
  return {
    id: category.id,
    kind: category.kind,
    segment: category.segment,
    title: category.title,
    offer: category.offer,
    image: category.image,
    added: category.added,
    failed: category.failed,
    ...(category.availableAt ? { availableAt: category.availableAt } : {}),
  };
}

/**
 * What a line contains and its marks: its product's with those of its chosen toppings, read
 * from the menu as it is now (a cart's line; an order keeps its own copy, `complete-order.ts`).
 */
export function presentLineAllergens(
  product: Product,
  selection: NormalisedSelection,
  toppings: readonly ToppingRecord[],
): LineAllergens {
  const facts = (topping: ToppingRecord) => ({
    name: topping.name,
    allergens: topping.allergens.filter(isAllergen),
    marks: topping.marks.filter(isDietaryMark),
  });
  return lineAllergens(
    product.details,
    chosenToppingFacts(selection.toppings, toppings.map(facts)),
  );
}

/**
 * A topping as the API shows it. Its lists are stored as text, so a name this process does not
 * know (a newer one wrote it) is left out rather than failing the whole list.
 */
export const presentTopping = (topping: ToppingRecord): ApiTopping => ({
  _id: topping.id,
  name: topping.name,
  soldOut: topping.soldOut,
  allergens: topping.allergens.filter(isAllergen),
  marks: topping.marks.filter(isDietaryMark),
});

export const presentContact = (contact: Contact): ApiContact => ({
  _id: contact.id,
  phone: contact.phone,
  address: contact.address,
  isDefault: contact.isDefault,
});

/** The spec's user object, field by field: whatever else a user row holds never leaves. */
export const presentUser = (
  user: { id: string; name: string; email: string },
  contacts: readonly Contact[],
): ApiUser => ({
  _id: user.id,
  name: user.name,
  email: user.email,
  contacts: contacts.map(presentContact),
});

/** A line's choices as the spec's cart items and order items both carry them. */
export const presentSelection = (selection: NormalisedSelection) => ({
  size: selection.size ?? null,
  flavor: selection.flavor ?? null,
  wingsFlavor: selection.wingsFlavor ?? null,
  sides: selection.sides,
  drinks: selection.drinks,
  toppings: selection.toppings,
});
