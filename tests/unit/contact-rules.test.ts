import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, isGuelphAddress, isPhoneNumber } from '../../src/domain';

describe('isGuelphAddress', () => {
  it.each([
    ['50 Stone Rd E, Guelph, ON N1G 2W1', true],
    ['Guelph, ON N1G 2W1', true],
    ['guelph ontario', true],
    ['GUELPH,ON', true],
    ['12 Main St, Guelph ON', true],
    ['1 Stone Rd W, Guelph, Ontario', true],
    ['  1 Gordon St Guelph, Ontario  ', true],
    ['55 Wyndham St N., Guelph. On.', true],
    ['Guelph-ON', true],
    ['(Guelph) (Ontario)', true],
    ['ON, Guelph', true],
    // "Gordon" contains "on", "Toronto" too: neither is the word "on".
    ['12 Gordon St, Guelph', false],
    ['1 Front St, Toronto', false],
    ['12 Gordon St, Guelph, Ontarion', false],
    ['Guelphon', false],
    ['Guelph Ont.', false],
    ['100 Queen St W, Toronto, ON M5H 2N2', false],
    ['Guelph', false],
    ['ON', false],
    ['', false],
    ['   ', false],
  ])('%j → %s', (address, expected) => {
    expect(isGuelphAddress(address)).toBe(expected);
  });
});

/** Text made of the letters of "guelph", "on" and "ontario", digits and separators. */
const textArb = fc
  .array(fc.constantFrom(...'guelphontariGUELPHONTARI019 ,.-'.split('')), { maxLength: 30 })
  .map((chars) => chars.join(''));
const separatorArb = fc.constantFrom(' ', ', ', '. ', ',', '-', ' (', ') ');

/** "on" or "ontario" as a word, with nothing but a non-letter, non-digit (or the edge) around it. */
const HAS_PROVINCE_WORD = /(^|[^a-z0-9])(on|ontario)([^a-z0-9]|$)/i;

describe('isGuelphAddress properties', () => {
  it('refuses any address without the whole word "on" or "ontario", even with "guelph"', () => {
    fc.assert(
      fc.property(textArb, separatorArb, textArb, (before, separator, after) => {
        const address = `${before}${separator}Guelph${separator}${after}`;
        fc.pre(!HAS_PROVINCE_WORD.test(address));
        expect(isGuelphAddress(address)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes "Guelph" and "ON" or "Ontario" as words, whatever surrounds them', () => {
    fc.assert(
      fc.property(
        textArb,
        separatorArb,
        fc.constantFrom('ON', 'on', 'On', 'Ontario', 'ONTARIO'),
        separatorArb,
        textArb,
        (before, separator, province, after, rest) => {
          const address = `${before}${separator}GuElPh${separator}${province}${after}${rest}`;
          expect(isGuelphAddress(address)).toBe(true);
        },
      ),
    );
  });
});

describe('formatPhone: one way to show a number', () => {
  it.each([
    ['519-555-0777', '(519) 555-0777'],
    ['(519) 555-0123', '(519) 555-0123'],
    ['5195550123', '(519) 555-0123'],
    ['+1 519 555 0123', '(519) 555-0123'],
    ['1-519-555-0123', '(519) 555-0123'],
    ['  519.555.0123 ', '(519) 555-0123'],
    // Not a North American number: shown as typed.
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['555-0123', '555-0123'],
  ])('%s reads %s', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });

  it('reads the same for every way of typing one valid number, and keeps its digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[2-9]\d{9}$/),
        fc.constantFrom('', '1', '+1'),
        (digits, prefix) => {
          const typed = `${prefix}${digits.slice(0, 3)}-${digits.slice(3, 6)} ${digits.slice(6)}`;
          expect(isPhoneNumber(typed)).toBe(true);
          const shown = formatPhone(typed);
          expect(shown).toBe(formatPhone(digits));
          expect(shown.replace(/\D/g, '')).toBe(digits);
        },
      ),
    );
  });
});
