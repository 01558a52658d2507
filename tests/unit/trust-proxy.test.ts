import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

/**
 * Issue 45, item 3: TRUST_PROXY's width check judged an IPv4-mapped range only in its dotted
 * spelling, so `public:::ffff:0:0/96` (every IPv4 address, in hex) started and trusted anyone's
 * X-Forwarded-For. Every spelling of a range is judged by the addresses it holds.
 */

const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY ranges in any spelling', () => {
  // Each holds every IPv4 address, or half of them, or more than a /8.
  it.each([
    'public:::ffff:0:0/96',
    'public:::ffff:0:0/97',
    'public:::FFFF:0:0/96',
    'public:::ffff:0:0/096',
    'public:::ffff:0.0.0.0/96',
    'public:::ffff:8000:0/97',
    'public:::ffff:0:0/103',
    'public:0:0:0:0:0:ffff:0:0/96',
    'public:0:0:0:0:0:FFFF:0.0.0.0/96',
    'public:0000:0000:0000:0000:0000:ffff:0000:0000/96',
    'public:0::ffff:0:0/97',
    // Wider than the mapped block, so holding it whole.
    'public:::/80',
    'public:::/64',
    'public:::fffe:0:0/95',
  ])('refuses %s as wider than /8 of IPv4', (value) => {
    expect(() => trustProxy(value)).toThrow(/wider than \/8 of IPv4/);
  });

  it.each([
    '::ffff:0:0/96',
    '::ffff:0:0/97',
    '0:0:0:0:0:ffff:0:0/96',
    '::ffff:cb00:7100/120',
    '0:0:0:0:0:FFFF:CB00:7107',
    '::/80',
  ])('refuses %s without public: (it holds public IPv4 addresses)', (value) => {
    expect(() => trustProxy(value)).toThrow(/includes public addresses/);
  });

  it.each([
    // 10.0.0.0/8 and 10.0.0.1, private, in hex and in full.
    ['::ffff:a00:0/104', ['::ffff:a00:0/104']],
    ['0:0:0:0:0:FFFF:0A00:0001', ['0:0:0:0:0:ffff:0a00:0001']],
    ['0000:0000:0000:0000:0000:ffff:7f00:0001', ['0000:0000:0000:0000:0000:ffff:7f00:0001']],
    // A CDN's published range (203.0.113.0/24), named public on purpose, in hex.
    ['public:::ffff:cb00:7100/120', ['::ffff:cb00:7100/120']],
    ['public:2001:db8::/32', ['2001:db8::/32']],
    ['::1, fd00::/8', ['::1', 'fd00::/8']],
  ])('starts with %s', (value, expected) => {
    expect(trustProxy(value)).toEqual(expected);
  });
});
