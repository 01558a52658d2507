/**
 * TRUST_PROXY's check (config.ts reads it with the rest of the environment): which forwarded
 * addresses may be believed is a security rule of its own, with its address arithmetic, so it
 * is kept apart from the plain settings.
 */
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/** More proxies than this in front of one store is a miscount, not a network. */
export const MAX_PROXY_HOPS = 3;

/**
 * Address ranges no client on the internet connects from: a proxy there is one of the store's
 * own (or its host's). A range reaching outside them needs `public:` (trustProxySetting).
 */
const PRIVATE_RANGES: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6']> = [
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  // Shared address space (RFC 6598): carriers' NAT inside, cloud and overlay networks.
  ['100.64.0.0', 10, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
];

/** Even named as public, a range wider than this is not a proxy fleet (a CDN's are /12 or less). */
const WIDEST_PUBLIC_PREFIX = { ipv4: 8, ipv6: 16 } as const;

/**
 * The 128 bits of an IPv6 address, whatever its spelling: hex or a dotted IPv4 tail, any case,
 * zero-padded, `::` or every group written. The URL parser writes an IPv6 host in one canonical
 * form (compressed, lower-case hex, no dotted tail), which is expanded here.
 */
function ipv6Bits(address: string): bigint {
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].reduce(
    (bits, group) => (bits << 16n) | BigInt(Number.parseInt(group, 16)),
    0n,
  );
}

/** `::ffff:0:0/96`, where every IPv4 address has its IPv6 spelling (proxy-addr matches both). */
const IPV4_MAPPED = 0xffffn << 32n;

/**
 * A range as the addresses it holds: an IPv4-mapped IPv6 range (`::ffff:10.0.0.0/104`, also
 * written `::ffff:a00:0/104` or in full) is the IPv4 range inside it (`10.0.0.0/8`), and an IPv6
 * range wider than /96 that holds the whole mapped block (`::/80`) holds all of IPv4, so neither
 * check below can be stepped around by a spelling.
 */
function asRange(
  address: string,
  prefix: number,
  type: 'ipv4' | 'ipv6',
): { base: string; bits: number; kind: 'ipv4' | 'ipv6' } {
  if (type === 'ipv6') {
    const bits = ipv6Bits(address);
    const top = (value: bigint, width: number) => value >> BigInt(128 - width);
    if (prefix >= 96 && top(bits, 96) === top(IPV4_MAPPED, 96)) {
      const ipv4 = [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 0xffn)).join('.');
      return { base: ipv4, bits: prefix - 96, kind: 'ipv4' };
    }
    if (top(bits, prefix) === top(IPV4_MAPPED, prefix)) {
      return { base: '0.0.0.0', bits: 0, kind: 'ipv4' };
    }
  }
  return { base: address, bits: prefix, kind: type };
}

/** True when every address of the range is in one of PRIVATE_RANGES. */
function isPrivateRange({ base, bits, kind }: ReturnType<typeof asRange>): boolean {
  // A range lies inside a private one when it is at least as narrow and starts inside it.
  return PRIVATE_RANGES.some(([net, netBits, netType]) => {
    if (netType !== kind || bits < netBits) return false;
    const range = new BlockList();
    range.addSubnet(net, netBits, netType);
    return range.check(base, kind);
  });
}

/**
 * TRUST_PROXY: which X-Forwarded-For hops to believe. Every believed hop is one a client could
 * write itself, so whatever trusts too much is refused at start:
 * - `true` (every hop);
 * - a count above MAX_PROXY_HOPS (a count only ever trusts too much when it is too high: one more
 *   than the real proxies and each client picks its own address);
 * - a range that includes public addresses (`0.0.0.0/1`, `203.0.113.0/24`), unless written as
 *   `public:203.0.113.0/24`: the store's proxies are on a private network, except a CDN or host
 *   whose published ranges are named one by one on purpose; even then never wider than /8
 *   (IPv4) or /16 (IPv6).
 * `false`/`0`: none (the socket's address). The README says how to count hops.
 */
export function trustProxySetting(value: string, context: z.RefinementCtx): number | string[] {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '' || text === '0') return 0;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return hops;
    context.addIssue({
      code: 'custom',
      message: `${hops} proxies in front is more than ${MAX_PROXY_HOPS}: count only the proxies that add to X-Forwarded-For (1 behind one load balancer); one too many lets every client forge its address`,
    });
    return z.NEVER;
  }
  if (text === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        'true would let clients forge their address; give the number of proxies in front (e.g. 1) or their addresses',
    });
    return z.NEVER;
  }
  const list: string[] = [];
  for (const part of text.split(',').map((entry) => entry.trim())) {
    const match = /^(public:)?([0-9a-f.:]+)(?:\/(\d{1,3}))?$/.exec(part);
    const address = match?.[2] ?? '';
    const version = isIP(address);
    const type = version === 4 ? 'ipv4' : 'ipv6';
    const width = version === 4 ? 32 : 128;
    const prefix = match?.[3] === undefined ? width : Number(match[3]);
    if (!match || version === 0 || prefix > width) {
      context.addIssue({
        code: 'custom',
        message: `expected false, a number of proxies, or comma-separated proxy addresses/CIDRs; ${part || 'an empty entry'} is none of these`,
      });
      return z.NEVER;
    }
    const range = match[3] === undefined ? address : `${address}/${prefix}`;
    const holds = asRange(address, prefix, type);
    if (!isPrivateRange(holds)) {
      if (match[1] === undefined) {
        context.addIssue({
          code: 'custom',
          message: `${range} includes public addresses, so anyone there could forge their address; if the store's proxies really are there (a CDN's published ranges), write public:${range}`,
        });
        return z.NEVER;
      }
      if (holds.bits < WIDEST_PUBLIC_PREFIX[holds.kind]) {
        context.addIssue({
          code: 'custom',
          message: `public:${range} is wider than /${WIDEST_PUBLIC_PREFIX[holds.kind]} of ${holds.kind === 'ipv4' ? 'IPv4' : 'IPv6'}: that is much of the internet, not a set of proxies`,
        });
        return z.NEVER;
      }
    }
    list.push(range);
  }
  return list;
}
