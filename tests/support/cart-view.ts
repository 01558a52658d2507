import { cartLineNotice, toCents, type ApiCartItem } from '../../src/domain';

/**
 * The words a screen shows for a cart line, from the line's own fields (the domain's rule the
 * browser applies), or 'no line' when the cart has none to say it of.
 */
export const lineNotice = (item: ApiCartItem | undefined): string | null =>
  item
    ? cartLineNotice({
        hidden: item.productId.hidden,
        soldOut: item.productId.soldOut,
        unit: toCents(item.priceByQuantity),
        addedUnit: item.addedPriceByQuantity === null ? null : toCents(item.addedPriceByQuantity),
      })
    : 'no line';
