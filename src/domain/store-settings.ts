/**
 * The store's settings, one entry each: where it is kept, what it is by default, who may change
 * it, how the API shows it and reads it, and how the staff's Store screen names it. The
 * repository, `PUT /api/staff/store`'s body, its answer (`ApiStaffStore`) and the Store screen's
 * fields are all worked out from these entries, so a new setting is one entry here plus its use.
 * How a registry is read (its types and functions) is `settings-registry.ts`, re-exported here.
 *
 * The Store screen reads this module, and zod must stay out of the browser's chunks that do not
 * parse anything: each entry's schemas are functions of the `z` the server hands in, and this
 * module imports zod's types only.
 */
import { DEFAULT_WEEKLY_HOURS, MAX_PAUSE_MINUTES, isPaused, type OpenMode } from './hours';
import { isPhoneNumber } from './contact-rules';
import { HST_NUMBER_MESSAGE, normaliseHstNumber } from './hst-number';
import { toCents, toDollars } from './money';
import { DEFAULT_ACCEPTANCE_WINDOW_MINUTES } from './order-states';
import { isPlainText } from './plain-text';
import { DEFAULT_STORE_CONTACT } from './store-contact';
import { sentNumber, wholeNumber } from './whole-number';
import type { z } from './zod';
import { setting, type SettingsAnswer, type SettingsOf, type Zod } from './settings-registry';

export {
  adminRefusal,
  sentNames,
  setting,
  settingFields,
  settingsDefaults,
  showSettings,
  storedChanges,
  unsavedFields,
  wireName,
  type AnySetting,
  type SentSettings,
  type SettingField,
  type SettingsAnswer,
  type SettingsOf,
  type SettingsRegistry,
  type SettingsSaveBody,
  type StoreSetting,
  type Zod,
} from './settings-registry';

/** The longest delivery time the store may set (the database holds it to the same). */
export const MAX_DELIVERY_MINUTES = 240;

const DAY_MINUTES = 24 * 60;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const HOURS_MESSAGE =
  'Send the hours as 7 days from Sunday, each null (closed) or {open, close} in 24-hour "HH:MM".';
const FEE_MESSAGE = 'Please give the delivery fee in dollars, from 0 to 100.';
const WINDOW_MESSAGE = `Please give the acceptance window as whole minutes from 1 to ${DAY_MINUTES}.`;
const PAUSE_MESSAGE = `Please give the pause as whole minutes from 0 (no pause) to ${MAX_PAUSE_MINUTES}.`;
const PAUSE_UNTIL_MESSAGE =
  'Please give the end of the pause as an ISO 8601 date and time, or null to end it.';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const PHONE_MESSAGE = "Please give the store's phone number with 10 digits, like 519-555-0100.";

/** A count of minutes, as the answer shows it. */
const minutesAnswer = (zod: Zod) => zod.number().int();

/** The store's profile: plain text, trimmed, not empty, at most `max` characters. */
const profileText = (zod: Zod, what: string, max: number) => {
  const message = `Please give the store's ${what} (at most ${max} characters).`;
  return zod
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message })
    .refine(isPlainText, { error: `Please remove special characters from the store's ${what}.` });
};

/** Lead times: whole minutes up to a day. */
const leadMinutes = (zod: Zod, which: string) =>
  wholeNumber(
    zod,
    0,
    DAY_MINUTES,
    `Please give the ${which} lead time as whole minutes from 0 to ${DAY_MINUTES}.`,
  );

/** The store's settings, in the order the Store screen lists its fields and PUT reads them. */
export const STORE_SETTINGS = {
  openMode: setting<OpenMode, OpenMode, OpenMode, 'mode'>({
    column: 'open_mode',
    wire: 'mode',
    default: 'auto',
    who: 'staff',
    answer: (zod) => zod.enum(['auto', 'open', 'closed']),
    put: (zod) =>
      zod.enum(['auto', 'open', 'closed'], {
        error: 'Choose the mode: auto (follow the hours), open or closed.',
      }),
    noun: 'the mode',
  }),
  weeklyHours: setting({
    column: 'weekly_hours',
    json: true,
    wire: 'hours',
    default: DEFAULT_WEEKLY_HOURS,
    who: 'staff',
    answer: (zod) =>
      zod.array(zod.object({ open: zod.string(), close: zod.string() }).nullable()).readonly(),
    put: (zod) =>
      zod
        .array(
          zod
            .object(
              { open: zod.string().regex(HHMM), close: zod.string().regex(HHMM) },
              { error: HOURS_MESSAGE },
            )
            .nullable(),
          { error: HOURS_MESSAGE },
        )
        .length(7, { error: HOURS_MESSAGE }),
    noun: 'the opening hours',
    same: (sent, saved) => JSON.stringify(sent) === JSON.stringify(saved),
  }),
  deliveryFeeCents: setting({
    column: 'delivery_fee_cents',
    wire: 'deliveryFee',
    default: toCents(8),
    who: 'staff',
    // Dollars on the wire, cents kept: no sum of fees ever rounds.
    answer: (zod) => zod.number(),
    show: toDollars,
    put: (zod) =>
      sentNumber(zod, /^\d{1,3}(\.\d{1,2})?$/, FEE_MESSAGE)
        .pipe(zod.number().min(0, { error: FEE_MESSAGE }).max(100, { error: FEE_MESSAGE }))
        .transform(toCents),
    noun: 'the delivery fee',
    field: { label: 'Delivery fee ($)', inputMode: 'decimal', text: (fee) => fee.toFixed(2) },
  }),
  acceptanceWindowMinutes: setting({
    column: 'acceptance_window_minutes',
    default: DEFAULT_ACCEPTANCE_WINDOW_MINUTES,
    who: 'staff',
    answer: minutesAnswer,
    // Another name for the same setting, for clients that send it (the staff app sends
    // acceptanceWindowMinutes); both at once must agree.
    names: ['acceptanceWindowMinutes', 'acceptWindowMinutes'],
    put: (zod) => wholeNumber(zod, 1, DAY_MINUTES, WINDOW_MESSAGE),
    once: {
      message: 'Please send the acceptance window once (acceptanceWindowMinutes).',
      same: true,
    },
    noun: 'the time to answer',
    field: {
      label: 'Time to answer a new order (minutes)',
      hint: 'Unanswered orders are declined automatically after this.',
      inputMode: 'numeric',
    },
  }),
  pickupLeadMinutes: setting({
    // The pickup's column predates delivery's own lead time.
    column: 'lead_time_minutes',
    default: 20,
    who: 'staff',
    answer: minutesAnswer,
    put: (zod) => leadMinutes(zod, 'pickup'),
    noun: 'the pickup lead time',
    field: {
      label: 'Pickup lead time (minutes)',
      hint: 'Earliest a scheduled pickup can be, from now.',
      inputMode: 'numeric',
    },
  }),
  deliveryLeadMinutes: setting({
    column: 'delivery_lead_time_minutes',
    default: 45,
    who: 'staff',
    answer: minutesAnswer,
    put: (zod) => leadMinutes(zod, 'delivery'),
    noun: 'the delivery lead time',
    field: {
      label: 'Delivery lead time (minutes)',
      hint: 'Earliest a scheduled delivery can be, from now.',
      inputMode: 'numeric',
    },
  }),
  /** Minutes from the kitchen to the door: a delivery is ready this long before its time. */
  deliveryMinutes: setting({
    column: 'delivery_minutes',
    default: 20,
    who: 'staff',
    answer: minutesAnswer,
    put: (zod) =>
      wholeNumber(
        zod,
        0,
        MAX_DELIVERY_MINUTES,
        `Please give the delivery time as whole minutes from 0 to ${MAX_DELIVERY_MINUTES}.`,
      ),
    noun: 'the delivery time',
    field: {
      label: 'Delivery time (minutes)',
      hint: 'From the kitchen to the door: a delivery is ready and leaves this long before its time.',
      inputMode: 'numeric',
    },
  }),
  /** New orders paused (the store counts as closed) until then; null when never paused. */
  pauseUntil: setting({
    column: 'pause_until',
    read: (stored) => (stored === null ? null : new Date(stored as Date | string)),
    default: null as Date | null,
    who: 'staff',
    answer: (zod) => zod.string().nullable(),
    // A pause that has run out is no pause: the board shows none.
    show: (until, now) => (until && isPaused(now, until) ? until.toISOString() : null),
    // For this many minutes from now (0 ends a pause), or until an instant (null ends it).
    names: ['pauseMinutes', 'pauseUntil'],
    put: (zod, name): z.ZodType<number | Date | null> =>
      name === 'pauseMinutes'
        ? wholeNumber(zod, 0, MAX_PAUSE_MINUTES, PAUSE_MESSAGE)
        : zod
            .string({ error: PAUSE_UNTIL_MESSAGE })
            .trim()
            .regex(ISO_INSTANT, { error: PAUSE_UNTIL_MESSAGE })
            .transform((text) => new Date(text))
            .refine((instant) => !Number.isNaN(instant.getTime()), {
              error: PAUSE_UNTIL_MESSAGE,
            })
            .nullable(),
    once: { message: 'Please send either pauseMinutes or pauseUntil, not both.' },
    stored: (pause, now) =>
      typeof pause !== 'number'
        ? pause
        : pause === 0
          ? null
          : new Date(now.getTime() + pause * 60_000),
    noun: 'the pause',
    // The server may round the instant: the same to the minute.
    same: (sent, saved) => {
      const asked = typeof sent === 'string' ? sent : null;
      if (asked === null || saved === null) return asked === saved;
      return Math.abs(Date.parse(asked) - Date.parse(saved)) < 60_000;
    },
  }),
  name: setting<string>({
    column: 'name',
    default: DEFAULT_STORE_CONTACT.name,
    who: 'staff',
    answer: (zod) => zod.string(),
    put: (zod) => profileText(zod, 'name', 100),
    noun: 'the store name',
    field: { label: 'Store name' },
  }),
  pickupAddress: setting({
    column: 'pickup_address',
    default: '123 Example Street, Guelph, ON N1H 0A0',
    who: 'staff',
    answer: (zod) => zod.string(),
    put: (zod) => profileText(zod, 'pickup address', 200),
    noun: 'the pickup address',
    field: { label: 'Pickup address' },
  }),
  phone: setting<string>({
    column: 'phone',
    default: DEFAULT_STORE_CONTACT.phone,
    who: 'staff',
    answer: (zod) => zod.string(),
    put: (zod) =>
      zod
        .string({ error: PHONE_MESSAGE })
        .trim()
        .max(40, { error: PHONE_MESSAGE })
        .refine(isPhoneNumber, { error: PHONE_MESSAGE }),
    noun: 'the phone',
    field: { label: 'Phone', inputMode: 'tel' },
  }),
  /** The store's HST registration number, printed on receipts; null when not given. */
  hstNumber: setting({
    column: 'hst_number',
    default: null as string | null,
    who: 'staff',
    answer: (zod) => zod.string().nullable(),
    // '' or null takes the number off the receipts.
    put: (zod) =>
      zod
        .string({ error: HST_NUMBER_MESSAGE })
        .max(40, { error: HST_NUMBER_MESSAGE })
        .transform((text, context) => {
          const number = normaliseHstNumber(text);
          if (number === null) {
            context.addIssue({ code: 'custom', message: HST_NUMBER_MESSAGE });
            return zod.NEVER;
          }
          return number === '' ? null : number;
        })
        .nullable(),
    noun: 'the HST number',
    field: { label: 'HST number (on receipts)', placeholder: '123456789 RT0001' },
    // Kept in one spelling (123456789 RT0001); none is null there, '' on the screen.
    same: (sent, saved) =>
      normaliseHstNumber(typeof sent === 'string' ? sent : '') === (saved ?? ''),
  }),
  /** Whether staff (not only the admin) may edit the menu. */
  staffEditMenu: setting({
    column: 'staff_edit_menu',
    default: false,
    who: 'admin',
    refusal: 'Only the store admin can decide who edits the menu.',
    answer: (zod) => zod.boolean(),
    put: (zod) =>
      zod.boolean({ error: 'Please say whether staff may edit the menu with true or false.' }),
    noun: 'who may edit the menu',
  }),
};

export type StoreSettingsRegistry = typeof STORE_SETTINGS;
/** The store's settings as the server holds them. */
export type StoreSettings = SettingsOf<StoreSettingsRegistry>;
/** Any subset of them: what the repository's `update` writes. */
export type StoreSettingsPatch = Partial<StoreSettings>;
/** GET/PUT /api/staff/store's settings, by the API's names. */
export type StoreSettingsAnswer = SettingsAnswer<StoreSettingsRegistry>;
