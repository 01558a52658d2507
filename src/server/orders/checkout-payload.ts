/**
 * What Confirm Order sends (the spec's "order confirmation payload"), read liberally: phone
 * numbers as strings or numbers, a missing address for pickup, extra fields dropped. The
 * contact rules answer with the spec's own sentences, shown as they are.
 */
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  isGuelphAddress,
  isPhoneNumber,
  isPlainText,
  type DeliveryType,
} from '../../domain';

/** The spec's checkout texts (section 5). */
export const CHECKOUT_MESSAGES = {
  pickupPhone: 'Please provide a phone number for pickup for contact information.',
  deliveryPhone: 'Please provide add contact information for delivery.',
  deliveryAddress: 'Please provide a delivery address.',
  confirmed: 'Order confirmed successfully!',
} as const;

export const MAX_INSTRUCTIONS_LENGTH = 500;

/** Text that may arrive as a number (a phone typed into a number field); absent reads ''. */
const looseText = (max: number, what: string) =>
  z
    .union([z.string(), z.number().transform(String), z.null()], {
      error: `Please enter the ${what} as text.`,
    })
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(
      z
        .string()
        .max(max, { error: `Please keep the ${what} under ${max} characters.` })
        .refine(isPlainText, { error: `Please remove special characters from the ${what}.` }),
    );

export const checkoutPayloadSchema = z
  .object(
    {
      userId: z.string(),
      deliveryType: z
        .string({ error: 'Please choose pickup or delivery.' })
        .trim()
        .toLowerCase()
        .pipe(z.enum(['pickup', 'delivery'], { error: 'Please choose pickup or delivery.' })),
      contactInfo: z
        .object(
          { phone: looseText(40, 'phone number'), address: looseText(300, 'address') },
          { error: 'Please send the contact information with a phone and an address.' },
        )
        .nullish()
        .transform((contact) => contact ?? { phone: '', address: '' }),
      // Read by the use case: its problems answer `invalid_schedule`, not `invalid_input`.
      scheduledTime: z.unknown().optional(),
      instructions: looseText(MAX_INSTRUCTIONS_LENGTH, 'instructions'),
    },
    { error: 'Please send the checkout details as a JSON object.' },
  )
  .superRefine((payload, ctx) => {
    const problem = contactProblem(payload.deliveryType, payload.contactInfo);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ sentences: true });

export type CheckoutPayload = z.output<typeof checkoutPayloadSchema>;

/** The spec's checkout rules, in its order: phone first, then the delivery address. */
function contactProblem(
  deliveryType: DeliveryType,
  contact: { phone: string; address: string },
): string | null {
  if (contact.phone === '') {
    return deliveryType === 'pickup'
      ? CHECKOUT_MESSAGES.pickupPhone
      : CHECKOUT_MESSAGES.deliveryPhone;
  }
  if (deliveryType === 'delivery') {
    if (contact.address === '') return CHECKOUT_MESSAGES.deliveryAddress;
    if (!isGuelphAddress(contact.address)) return ACCOUNT_MESSAGES.addressOutsideArea;
  }
  // The kitchen must be able to call back; contacts are saved under the same rule.
  if (!isPhoneNumber(contact.phone)) return ACCOUNT_MESSAGES.phoneInvalid;
  return null;
}
