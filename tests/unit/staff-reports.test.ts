import { describe, expect, it } from 'vitest';
import { checkRange, csvCell, median, summariseDay } from '../../src/server/staff/reports';
import type { DayOrder } from '../../src/server/repositories/reports';
import { storeDate } from '../../src/domain';
import { storeDateTime, storeDaysRange } from '../../src/server/staff/store-days';
import { emptyDay } from '../support/reports';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 has it', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('')).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('puts an apostrophe before anything a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+15195550100')).toBe("'+15195550100");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('=A1,"x"')).toBe('"\'=A1,""x"""');
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('reads the cell as a spreadsheet may: full-width signs (NFKC) and bidi controls first', () => {
    expect(csvCell('\uFF1D1+1')).toBe("'\uFF1D1+1");
    expect(csvCell('\uFF0B15195550100')).toBe("'\uFF0B15195550100");
    expect(csvCell('\uFF0D2')).toBe("'\uFF0D2");
    expect(csvCell('\uFF20SUM(A1)')).toBe("'\uFF20SUM(A1)");
    expect(csvCell('\u202E=1+1')).toBe("'\u202E=1+1");
    expect(csvCell('\u2066\u200F+1')).toBe("'\u2066\u200F+1");
    expect(csvCell('Pat \uFF1D')).toBe('Pat \uFF1D');
  });

  it('reads the cell without zero-width characters (any default-ignorable) first', () => {
    expect(csvCell('\u200B=HYPERLINK("x")')).toBe('"\'\u200B=HYPERLINK(""x"")"');
    expect(csvCell('\u2060+1')).toBe("'\u2060+1");
    expect(csvCell('\u034F-2')).toBe("'\u034F-2");
    expect(csvCell('\uFEFF\u00AD@SUM(A1)')).toBe("'\uFEFF\u00AD@SUM(A1)");
    expect(csvCell('\u{E0041}\uFE0F=1')).toBe("'\u{E0041}\uFE0F=1");
  });
});

describe('store days', () => {
  it('reads dates and times in Toronto, across daylight saving changes', () => {
    expect(storeDate(new Date('2026-11-25T03:30:00Z'))).toBe('2026-11-24');
    expect(storeDateTime(new Date('2026-11-25T03:30:00Z'))).toBe('2026-11-24 22:30');
    expect(storeDateTime(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01 00:00');
    // 8 March 2026 has 23 hours in Toronto, 1 November 2026 has 25.
    const spring = storeDaysRange('2026-03-08', '2026-03-08');
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const autumn = storeDaysRange('2026-11-01', '2026-11-01');
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
    expect(storeDaysRange('2026-12-31', '2026-12-31').to.toISOString()).toBe(
      '2027-01-01T05:00:00.000Z',
    );
  });

  it('checks a range: real dates, in order, at most 366 days', () => {
    expect(checkRange('2024-01-01', '2024-12-31')).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(() => checkRange('2024-01-01', '2025-01-01')).toThrow(/366 days/);
    expect(() => checkRange('2026-02-29', '2026-03-01')).toThrow(/dates like/);
    expect(() => checkRange('2026-03-02', '2026-03-01')).toThrow(/start date/);
  });
});

describe('today’s numbers (issue 31: counted apart, never mixed)', () => {
  const order = (fields: Partial<DayOrder>): DayOrder => ({
    status: 'pending',
    accepted: false,
    number: 1,
    scheduledTime: null,
    acceptSeconds: null,
    missed: false,
    sold: false,
    subtotalCents: 1000,
    hstCents: 130,
    tipCents: 0,
    deliveryFeeCents: 0,
    totalCents: 1130,
    ...fields,
  });
  const sold = (acceptSeconds: number, fields: Partial<DayOrder> = {}) =>
    order({ status: 'completed', accepted: true, acceptSeconds, sold: true, ...fields });

  it('takes the median (the mean of the middle two for an even count)', () => {
    expect(median([])).toBeNull();
    expect(median([42])).toBe(42);
    expect(median([300, 60, 120])).toBe(120);
    expect(median([60, 300, 120, 90])).toBe(105);
    expect(median([5, 5, 5, 500])).toBe(5);
  });

  it('counts received, accepted, declined by staff and missed apart, and the money by kind', () => {
    const report = summariseDay('2026-11-24', [
      sold(60, { subtotalCents: 2599, hstCents: 338, tipCents: 390, deliveryFeeCents: 499 }),
      sold(200, { status: 'accepted', subtotalCents: 1000, hstCents: 130, tipCents: 150 }),
      sold(90, { status: 'ready', subtotalCents: 1, hstCents: 0 }),
      // Accepted, then cancelled: accepted and cancelled, no money.
      order({ status: 'cancelled', accepted: true, acceptSeconds: 30, subtotalCents: 9999 }),
      order({ status: 'declined', subtotalCents: 5000 }),
      order({ status: 'declined', missed: true, subtotalCents: 7000 }),
      order({ status: 'declined', missed: true }),
      order({ status: 'pending' }),
    ]);
    expect(report).toEqual({
      date: '2026-11-24',
      received: 8,
      accepted: 4,
      declined: 1,
      missed: 2,
      cancelled: 1,
      foodSales: 36,
      hst: 4.68,
      tips: 5.4,
      deliveryFees: 4.99,
      // Of 30, 60, 90, 200 (the cancelled order was accepted too).
      medianAcceptSeconds: 75,
      slowestAcceptSeconds: 200,
      scheduledLater: [],
    });
  });

  it('says null for the times on a day nobody accepted, and rounds seconds', () => {
    expect(summariseDay('2026-11-25', [])).toEqual(emptyDay('2026-11-25'));
    const report = summariseDay('2026-11-24', [sold(10.4), sold(11.2)]);
    expect(report.medianAcceptSeconds).toBe(11);
    expect(report.slowestAcceptSeconds).toBe(11);
  });

  it('lists an order for a later day apart and counts it in none of the day’s numbers (issue 44)', () => {
    // Placed on Tuesday evening: one for Tuesday night, one for Monday, one declined for Friday.
    const report = summariseDay('2026-11-24', [
      sold(60, { number: 1, scheduledTime: new Date('2026-11-25T03:00:00Z') }),
      sold(90, {
        number: 2,
        scheduledTime: new Date('2026-11-30T17:00:00Z'),
        subtotalCents: 5000,
        totalCents: 5650,
      }),
      order({ number: 3, status: 'declined', scheduledTime: new Date('2026-11-27T17:00:00Z') }),
    ]);
    expect(report).toMatchObject({
      received: 1,
      accepted: 1,
      declined: 0,
      foodSales: 10,
      medianAcceptSeconds: 60,
      scheduledLater: [{ number: 2, scheduledFor: '2026-11-30T17:00:00.000Z', total: 56.5 }],
    });
  });
});
