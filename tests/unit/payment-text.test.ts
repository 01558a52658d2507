import { describe, expect, it } from 'vitest';
import { PAYMENT_OPTION_LABELS, paymentText } from '../../src/domain';

/** The receipt's payment line (issue 44): the order's own type, not the spec's "or". */
describe('paymentText', () => {
  it('says where the customer pays, for the order type it is', () => {
    expect(paymentText('pickup', 'pickup')).toBe('Pay at pickup');
    expect(paymentText('pickup', 'delivery')).toBe('Pay on delivery');
    expect(paymentText('cash', 'pickup')).toBe('Pay in cash at pickup');
    expect(paymentText('cash', 'delivery')).toBe('Pay in cash on delivery');
  });

  it('leaves the spec’s radio labels as they are', () => {
    expect(PAYMENT_OPTION_LABELS).toEqual({
      pickup: 'Pay When Pickup or Delivery',
      cash: 'Pay in Cash',
    });
  });
});
