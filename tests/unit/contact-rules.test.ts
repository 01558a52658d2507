import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGuelphAddress } from '../../src/domain';

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
