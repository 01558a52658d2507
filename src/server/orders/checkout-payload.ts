/**
 * What Confirm Order sends (the spec's "order confirmation payload"), read liberally: phone
 * numbers as strings or numbers, a missing address for pickup, extra fields dropped. The
 * contact rules answer with the spec's own sentences, shown as they are.
 */
import { z } from 'zod';
import {
  checkoutContactProblem,
  isPlainText,
  MAX_CHECKOUT_ADDRESS_LENGTH,
  MAX_CHECKOUT_PHONE_LENGTH,
  MAX_INSTRUCTIONS_LENGTH,
  idSchema,
  stripInvisible,
} from '../../domain';

/** Text that may arrive as a number (a phone typed into a number field); absent reads ''. */
const looseText = (max: number, what: string) =>
  z
    .union([z.string(), z.number().transform(String), z.null()], {
      error: `Please enter the ${what} as text.`,
    })
    .optional()
    .transform((value) => stripInvisible(value ?? '').trim())
    .pipe(
      z
        .string()
        .max(max, { error: `Please keep the ${what} under ${max} characters.` })
        .refine(isPlainText, { error: `Please remove special characters from the ${what}.` }),
    );

export const checkoutPayloadSchema = z
  .object(
    {
      userId: idSchema,
      deliveryType: z
        .string({ error: 'Please choose pickup or delivery.' })
        .trim()
        .toLowerCase()
        .pipe(z.enum(['pickup', 'delivery'], { error: 'Please choose pickup or delivery.' })),
      contactInfo: z
        .object(
          {
            phone: looseText(MAX_CHECKOUT_PHONE_LENGTH, 'phone number'),
            address: looseText(MAX_CHECKOUT_ADDRESS_LENGTH, 'address'),
          },
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
    const problem = checkoutContactProblem(payload.deliveryType, payload.contactInfo);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ sentences: true });

export type CheckoutPayload = z.output<typeof checkoutPayloadSchema>;
