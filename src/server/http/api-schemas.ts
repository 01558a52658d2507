/**
 * The API's answers as zod schemas, each checked against its shape in `domain/api-types.ts`
 * (`satisfies z.ZodType<...>`), so the browser's types, the presenters and what is actually sent
 * cannot drift apart. Server-only: the browser uses the plain types and never downloads zod.
 */
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  ORDER_STATUSES,
  type ApiAccountDeleted,
  type ApiAccountExport,
  type ApiCart,
  type ApiMenuChanges,
  type ApiMenuDocument,
  type ApiCartItem,
  type ApiCategory,
  type ApiStaffCategory,
  type ApiCartTotals,
  type ApiCartView,
  type ApiCheckoutDetails,
  type ApiCompleteOrderAnswer,
  type ApiConfirmAnswer,
  type ApiContact,
  type ApiDefaultContact,
  type ApiForgotPasswordAnswer,
  type ApiMailPreferences,
  type ApiMenuHistoryEntry,
  type ApiLoginAnswer,
  type ApiMailFailing,
  type ApiMailStatus,
  type ApiOutbox,
  type ApiOutboxMail,
  type ApiOutboxRetry,
  type ApiMeAnswer,
  type ApiMergedCart,
  type ApiOrder,
  type ApiOrderItem,
  type ApiProduct,
  type ApiProductDetails,
  type ApiRegisterAnswer,
  type ApiSocialLoginAnswer,
  type ApiStaffFlavour,
  type ApiStaffOrder,
  type ApiStaffProduct,
  type ApiStaffUser,
  type ApiStaffStore,
  type ApiStoreInfo,
  type ApiStoreStatus,
  type ApiTodayReport,
  type ApiTopping,
  type ApiStaffTopping,
  type ApiUser,
  KINDS,
} from '../../domain';
import { ALLERGENS, DIETARY_MARKS } from '../../domain/allergens';
import { STORE_SETTINGS } from '../../domain/store-settings';
import { settingsAnswerShape } from './store-settings-schemas';

const dollars = z.number();

const availabilityWindows = z.array(
  z.object({ days: z.array(z.number().int()), from: z.string(), to: z.string() }),
);

const apiProductDetailsSchema = z.object({
  sizes: z.array(z.string()).optional(),
  sizePrices: z.record(z.string(), dollars).optional(),
  sizeDescriptions: z.record(z.string(), z.string()).optional(),
  wingsFlavors: z.array(z.string()).optional(),
  Flavors: z.array(z.string()).optional(),
  sides: z.array(z.string()).optional(),
  drinks: z.array(z.string()).optional(),
  maxDrinks: z.number().int().optional(),
  drinkLimits: z.record(z.string(), z.number().int()).optional(),
  pizzas: z.number().int().optional(),
  toppingsPerPizza: z.number().int().optional(),
  extraToppingPrice: dollars.optional(),
  toppingAllowance: z.enum(['per-pizza', 'over-total']).optional(),
  fixedQuantity: z.boolean().optional(),
  availableAt: availabilityWindows.optional(),
  allergens: z.array(z.enum(ALLERGENS)).optional(),
  marks: z.array(z.enum(DIETARY_MARKS)).optional(),
  soldOutFlavors: z.array(z.string()).optional(),
}) satisfies z.ZodType<ApiProductDetails>;

export const apiProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  kind: z.enum(KINDS),
  image: z.string(),
  price: dollars,
  description: z.string(),
  soldOut: z.boolean(),
  details: apiProductDetailsSchema.optional(),
  availableAt: availabilityWindows.optional(),
  allergens: z.array(z.enum(ALLERGENS)).optional(),
  marks: z.array(z.enum(DIETARY_MARKS)).optional(),
}) satisfies z.ZodType<ApiProduct>;

export const apiCategorySchema = z.object({
  id: z.string(),
  kind: z.enum(KINDS),
  segment: z.string(),
  title: z.string(),
  offer: z.boolean(),
  image: z.string().nullable(),
  added: z.string(),
  failed: z.string(),
  availableAt: availabilityWindows.optional(),
}) satisfies z.ZodType<ApiCategory>;

export const apiStaffCategorySchema = apiCategorySchema.extend({
  hidden: z.boolean(),
}) satisfies z.ZodType<ApiStaffCategory>;

export const apiToppingSchema = z.object({
  _id: z.string(),
  name: z.string(),
  soldOut: z.boolean(),
  allergens: z.array(z.enum(ALLERGENS)),
  marks: z.array(z.enum(DIETARY_MARKS)),
}) satisfies z.ZodType<ApiTopping>;

export const apiMenuHistorySchema = z.object({
  _id: z.string(),
  at: z.string(),
  by: z.string().nullable(),
  subject: z.enum(['product', 'topping', 'flavour', 'category']),
  subjectId: z.string(),
  name: z.string(),
  action: z.enum(['added', 'changed', 'removed']),
  fields: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
}) satisfies z.ZodType<ApiMenuHistoryEntry>;

export const apiStaffToppingSchema = apiToppingSchema.extend({
  hidden: z.boolean(),
}) satisfies z.ZodType<ApiStaffTopping>;

export const apiStaffFlavourSchema = z.object({
  name: z.string(),
  soldOut: z.boolean(),
}) satisfies z.ZodType<ApiStaffFlavour>;

export const apiCartItemSchema = z.object({
  _id: z.string(),
  productId: apiProductSchema
    .pick({
      _id: true,
      name: true,
      image: true,
      price: true,
      category: true,
      soldOut: true,
    })
    .extend({ hidden: z.boolean() }),
  quantity: z.number().int(),
  size: z.string().nullable(),
  flavor: z.string().nullable(),
  wingsFlavor: z.string().nullable(),
  sides: z.array(z.string()),
  drinks: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  toppings: z.array(z.array(z.string())),
  description: z.string(),
  priceByQuantity: dollars,
  totalPrice: dollars,
  addedPriceByQuantity: dollars.nullable(),
  soldOutOptions: z.array(z.string()),
  allergens: z.array(z.enum(ALLERGENS)),
  marks: z.array(z.enum(DIETARY_MARKS)),
}) satisfies z.ZodType<ApiCartItem>;

export const apiCartTotalsSchema = z.object({
  totalPrice: dollars,
  subtotal: dollars,
  hst: dollars,
  tipPercent: z.number().int(),
  tip: dollars,
  deliveryFee: dollars,
}) satisfies z.ZodType<ApiCartTotals>;

export const apiCartSchema = apiCartTotalsSchema.extend({
  _id: z.string(),
  items: z.array(apiCartItemSchema),
  deliveryType: z.enum(['pickup', 'delivery']).nullable(),
}) satisfies z.ZodType<ApiCart>;

export const apiMergedCartSchema = apiCartSchema.extend({
  merged: z.number().int(),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
}) satisfies z.ZodType<ApiMergedCart>;

const dayHoursSchema = z.object({ open: z.string(), close: z.string() });

const deliveryTypeSchema = z.enum(['pickup', 'delivery']);

export const apiCheckoutDetailsSchema = z.object({
  deliveryType: deliveryTypeSchema,
  contactInfo: z.object({ phone: z.string(), address: z.string() }),
  scheduledTime: z.string().nullable(),
  instructions: z.string(),
}) satisfies z.ZodType<ApiCheckoutDetails>;

export const apiCartViewSchema = apiCartSchema.extend({
  checkout: apiCheckoutDetailsSchema.nullable(),
}) satisfies z.ZodType<ApiCartView>;

export const apiConfirmAnswerSchema = z.object({
  message: z.literal('Order confirmed successfully!'),
  cart: apiCartSchema.extend({ checkout: apiCheckoutDetailsSchema }),
}) satisfies z.ZodType<ApiConfirmAnswer>;

export const apiOrderItemSchema = apiCartItemSchema
  .omit({
    productId: true,
    addedPriceByQuantity: true,
    soldOutOptions: true,
    allergens: true,
    marks: true,
  })
  .extend({
    allergens: z.array(z.enum(ALLERGENS)).nullable(),
    productId: z.object({
      _id: z.string().nullable(),
      name: z.string(),
      image: z.string(),
      category: z.string(),
    }),
  }) satisfies z.ZodType<ApiOrderItem>;

export const apiOrderSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  isOrderConfirmed: z.boolean(),
  items: z.array(apiOrderItemSchema),
  subtotal: dollars,
  hst: dollars,
  tipPercent: z.number().int(),
  tip: dollars,
  deliveryFee: dollars,
  totalPrice: dollars,
  deliveryType: deliveryTypeSchema,
  paymentOption: z.enum(['pickup', 'cash']),
  contactInfo: z.object({ phone: z.string(), address: z.string() }),
  instructions: z.string(),
  scheduleTime: z.string().nullable(),
  deliveryMinutes: z.number().int().nullable(),
  readyMinutes: z.number().int().nullable(),
  readyAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<ApiOrder>;

export const apiCompleteOrderAnswerSchema = z.object({
  message: z.string(),
  order: apiOrderSchema,
}) satisfies z.ZodType<ApiCompleteOrderAnswer>;

const apiOrderStepSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  minutes: z.number().int().optional(),
  reason: z.string().optional(),
});

export const apiStaffOrderSchema = apiOrderSchema.extend({
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  acceptBy: z.string().nullable(),
  steps: z.array(apiOrderStepSchema),
  missed: z.boolean(),
  missedDismissal: z
    .object({
      at: z.string(),
      by: z.object({ _id: z.string(), name: z.string() }).nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<ApiStaffOrder>;

export const apiStaffStoreSchema = z.object({
  storeOpen: z.boolean(),
  ...settingsAnswerShape(STORE_SETTINGS),
}) satisfies z.ZodType<ApiStaffStore>;

export const apiStoreInfoSchema = z.object({
  name: z.string(),
  phone: z.string(),
  pickupAddress: z.string(),
  hours: z.array(dayHoursSchema.nullable()).readonly(),
  hoursText: z.string(),
  deliveryFee: dollars,
  storeOpen: z.boolean(),
  status: z.enum(['open', 'closed', 'paused']),
  resumesAt: z.string().nullable(),
  leadMinutes: z.object({ pickup: z.number().int(), delivery: z.number().int() }),
  googleClientId: z.string().nullable(),
  mapsApiKey: z.string().nullable(),
}) satisfies z.ZodType<ApiStoreInfo>;

export const apiStoreStatusSchema = z.object({
  storeOpen: z.boolean(),
  status: z.enum(['open', 'closed', 'paused']),
  resumesAt: z.string().nullable(),
}) satisfies z.ZodType<ApiStoreStatus>;

export const apiContactSchema = z.object({
  _id: z.string(),
  phone: z.string(),
  address: z.string(),
  isDefault: z.boolean(),
}) satisfies z.ZodType<ApiContact>;

export const apiDefaultContactSchema = z.object({
  phone: z.string(),
  address: z.string(),
}) satisfies z.ZodType<ApiDefaultContact>;

export const apiMailPreferencesSchema = z.object({
  orderUpdates: z.boolean(),
}) satisfies z.ZodType<ApiMailPreferences>;

const apiUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  contacts: z.array(apiContactSchema),
}) satisfies z.ZodType<ApiUser>;

export const apiRegisterAnswerSchema = z.object({
  message: z.literal(ACCOUNT_MESSAGES.registerSucceeded),
  user: apiUserSchema,
}) satisfies z.ZodType<ApiRegisterAnswer>;

const staffRoleSchema = z.enum(['staff', 'admin']).optional();

export const apiLoginAnswerSchema = z.object({
  user: apiUserSchema,
  staffRole: staffRoleSchema,
}) satisfies z.ZodType<ApiLoginAnswer>;

export const apiForgotPasswordAnswerSchema = z.object({
  message: z.literal(ACCOUNT_MESSAGES.forgotPasswordSent),
}) satisfies z.ZodType<ApiForgotPasswordAnswer>;

export const apiSocialLoginAnswerSchema = z.object({
  isNewUser: z.boolean(),
  passwordRemoved: z.boolean(),
  user: apiUserSchema,
}) satisfies z.ZodType<ApiSocialLoginAnswer>;

export const apiMeAnswerSchema = z.object({
  user: apiUserSchema.nullable(),
  staffRole: staffRoleSchema,
}) satisfies z.ZodType<ApiMeAnswer>;

/** The staff's menu controls (issue 9). */
export const apiStaffProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  image: z.string(),
  price: dollars,
  soldOut: z.boolean(),
  hidden: z.boolean(),
  description: z.string(),
  details: apiProductDetailsSchema,
}) satisfies z.ZodType<ApiStaffProduct>;

/** GET /api/staff/menu: the whole menu as one document (decision 19). */
export const apiMenuDocumentSchema = z.object({
  version: z.literal(1),
  categories: z.array(
    z.object({
      category: z.string(),
      title: z.string(),
      kind: z.string(),
      hidden: z.boolean().optional(),
      offer: z.boolean().optional(),
      image: z.string().nullable().optional(),
      availableAt: availabilityWindows.nullable().optional(),
    }),
  ),
  // The category's title beside its key (the answer keeps the schema's order of fields).
  products: z.array(
    z.object({
      _id: apiStaffProductSchema.shape._id,
      name: apiStaffProductSchema.shape.name,
      categoryTitle: z.string(),
      ...apiStaffProductSchema.omit({ _id: true, name: true }).shape,
    }),
  ),
  toppings: z.array(apiStaffToppingSchema),
}) satisfies z.ZodType<ApiMenuDocument>;

/** PUT /api/staff/menu: what the import changes (or would, on a dry run). */
export const apiMenuChangesSchema = z.object({
  dryRun: z.boolean(),
  changes: z.array(
    z.object({
      kind: z.enum(['product', 'topping', 'category']),
      action: z.enum(['create', 'update', 'hide']),
      _id: z.string().optional(),
      name: z.string(),
      category: z.string().optional(),
      fields: z
        .array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() }))
        .optional(),
    }),
  ),
}) satisfies z.ZodType<ApiMenuChanges>;

/** An account that may use the staff app (admin only). */
export const apiStaffUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['staff', 'admin']),
  createdAt: z.string(),
}) satisfies z.ZodType<ApiStaffUser>;

export const apiOutboxMailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['held', 'queued', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
  html: z.string(),
}) satisfies z.ZodType<ApiOutboxMail>;

export const apiMailFailingSchema = z.object({
  since: z.string(),
  lastError: z.string().nullable(),
}) satisfies z.ZodType<ApiMailFailing>;

export const apiOutboxSchema = z.object({
  sending: z.boolean(),
  failing: apiMailFailingSchema.nullable(),
  mails: z.array(apiOutboxMailSchema),
}) satisfies z.ZodType<ApiOutbox>;

export const apiOutboxRetrySchema = z.object({
  retried: z.number().int(),
}) satisfies z.ZodType<ApiOutboxRetry>;

export const apiMailStatusSchema = z.object({
  failingSince: z.string().nullable(),
}) satisfies z.ZodType<ApiMailStatus>;

/** The day so far, in the store's time zone. */
export const apiTodayReportSchema = z.object({
  date: z.string(),
  received: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  missed: z.number().int(),
  cancelled: z.number().int(),
  foodSales: dollars,
  hst: dollars,
  tips: dollars,
  deliveryFees: dollars,
  medianAcceptSeconds: z.number().nullable(),
  slowestAcceptSeconds: z.number().nullable(),
  scheduledLater: z.array(
    z.object({ number: z.number().int(), scheduledFor: z.string(), total: dollars }),
  ),
}) satisfies z.ZodType<ApiTodayReport>;

export const apiAccountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  signIn: z.object({ password: z.boolean(), google: z.boolean() }),
  contacts: z.array(apiContactSchema),
  orders: z.array(apiOrderSchema.extend({ steps: z.array(apiOrderStepSchema.omit({ by: true })) })),
  mails: z.array(
    z.object({
      kind: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<ApiAccountExport>;

export const apiAccountDeletedSchema = z.object({
  message: z.string(),
}) satisfies z.ZodType<ApiAccountDeleted>;
