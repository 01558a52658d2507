import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  selectionPartText,
  selectionParts,
  type ApiOrderItem,
  type ApiStaffOrder,
} from '../../src/domain';
import { KitchenTicket } from '../../src/web/features/staff/kitchen-ticket';
import { OrderItemLines } from '../../src/web/features/staff/order-item-lines';

/**
 * The staff's order detail and the kitchen ticket say a line's options in the cart's words (the
 * domain's `selectionParts`), so the counter, the kitchen and the customer read the same thing.
 */

const item = (over: Partial<ApiOrderItem>): ApiOrderItem => ({
  _id: 'line',
  productId: { _id: null, name: 'Item', image: '', category: 'Combos' },
  quantity: 1,
  size: null,
  flavor: null,
  wingsFlavor: null,
  sides: [],
  drinks: [],
  toppings: [],
  description: '',
  priceByQuantity: 10,
  totalPrice: 10,
  allergens: null,
  ...over,
});

const combo = item({
  _id: 'combo',
  productId: { _id: null, name: 'Pizza & Wings Combo', image: '', category: 'Combos' },
  size: 'ExtraLarge',
  wingsFlavor: 'Hot',
  sides: ['Garlic Bread'],
  toppings: [[]],
  drinks: [{ name: 'Coke', quantity: 2 }],
});
const deal = item({
  _id: 'deal',
  productId: { _id: null, name: 'Two Pizza Deal', image: '', category: 'ThreeforOneDeals' },
  size: 'Large',
  toppings: [['Ham'], []],
});

const order: ApiStaffOrder = {
  _id: 'order',
  number: 7,
  status: 'pending',
  isOrderConfirmed: false,
  items: [combo, deal],
  subtotal: 20,
  hst: 2.6,
  tipPercent: 0,
  tip: 0,
  deliveryFee: 0,
  totalPrice: 22.6,
  deliveryType: 'pickup',
  paymentOption: 'pickup',
  contactInfo: { phone: '5195550100', address: '' },
  instructions: '',
  scheduleTime: null,
  deliveryMinutes: null,
  readyMinutes: null,
  readyAt: null,
  declineReason: null,
  cancelReason: null,
  createdAt: '2026-11-24T23:00:00.000Z',
  customer: { _id: 'customer', name: 'Casey', email: 'casey@example.com' },
  acceptBy: null,
  steps: [],
  missed: false,
  missedDismissal: null,
};

/** The text of each paragraph of some static markup. */
function paragraphs(html: string): string[] {
  return [...html.matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((match) =>
    (match[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'"),
  );
}

describe('a line on the staff screens', () => {
  it('reads in the order detail as the cart described it, size and flavour together', () => {
    expect(paragraphs(renderToStaticMarkup(<OrderItemLines item={combo} />))).toEqual([
      '1 × Pizza & Wings Combo$10.00',
      'Extra Large · Hot',
      'Side: Garlic Bread',
      'No toppings',
      'Drinks: Coke x2',
    ]);
    expect(paragraphs(renderToStaticMarkup(<OrderItemLines item={deal} />))).toEqual([
      '1 × Two Pizza Deal$10.00',
      'Large',
      'Pizza 1: Ham',
      'Pizza 2: no toppings',
    ]);
  });

  it('reads on the kitchen ticket in the same words, each part on a line of its own', () => {
    const ticket = paragraphs(
      renderToStaticMarkup(
        <KitchenTicket order={order} now={new Date(order.createdAt)} storeName="Lakeside Pizza" />,
      ),
    );
    // The store's name from its profile heads the ticket.
    expect(ticket[0]).toBe('Lakeside Pizza');
    const lines = ticket.slice(ticket.indexOf('1 × Pizza & Wings Combo'));
    expect(lines).toEqual([
      '1 × Pizza & Wings Combo',
      'Extra Large',
      'Hot',
      'Side: Garlic Bread',
      'No toppings',
      'Drinks: Coke x2',
      '1 × Two Pizza Deal',
      'Large',
      'Pizza 1: Ham',
      'Pizza 2: no toppings',
    ]);
    for (const line of [combo, deal]) {
      for (const part of selectionParts(line)) expect(lines).toContain(selectionPartText(part));
    }
  });
});

describe("a line's allergens on the staff screens", () => {
  const fishy = item({
    _id: 'fishy',
    productId: { _id: null, name: 'Two Pizza Deal', image: '', category: 'ThreeforOneDeals' },
    toppings: [['Anchovies'], []],
    allergens: ['milk', 'fish', 'wheat-triticale'],
  });

  it('are said from the order line’s own copy, in the order detail and on the ticket', () => {
    const contains = 'Contains: Milk, Fish, Wheat and triticale';
    expect(paragraphs(renderToStaticMarkup(<OrderItemLines item={fishy} />))).toContain(contains);
    const ticket = paragraphs(
      renderToStaticMarkup(
        <KitchenTicket
          order={{ ...order, items: [fishy] }}
          now={new Date(order.createdAt)}
          storeName="Lakeside Pizza"
        />,
      ),
    );
    expect(ticket.slice(-1)).toEqual([contains]);
  });

  it('say nothing for a line placed before they were kept', () => {
    const html = renderToStaticMarkup(<OrderItemLines item={deal} />);
    expect(html).not.toContain('Contains');
  });
});
