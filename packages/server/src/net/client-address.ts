import { BlockList, isIP } from 'node:net';

/*
 * Whose a request is, for every per-address limit (HTTP routes and game sockets alike).
 *
 * Without a proxy it is the socket's peer. Behind proxies, each proxy adds (or, as deploy/nginx.conf
 * does, sets) X-Forwarded-For: `client, proxy1, proxy2`, the socket's peer being the last proxy.
 * Anything left of an entry written by a proxy of ours may have been written by the client itself,
 * so the walk goes from the right: the socket's peer, then each entry of the header from the last
 * to the first, and the client is the first address met that is not one of our proxies. A forged
 * entry is never reached, because the proxy's own entry, the client's real address, comes before it.
 * (Fastify's trustProxy walks so too, with the same list: http.ts gives it `isTrusted`.)
 */

/** The proxies whose X-Forwarded-For is believed: addresses and CIDR ranges, IPv4 and IPv6. */
export interface TrustedProxies {
  /** The list as given (`127.0.0.1, 10.0.0.0/8, ::1`), empty when none is trusted. */
  readonly entries: readonly string[];
  /** Whether `address` is one of them (IPv4-mapped IPv6 addresses as their IPv4 address). */
  has(address: string): boolean;
}

/** What `UBONGO_TRUST_PROXY=1` (its old meaning: a proxy on this machine) stands for. */
export const LOOPBACK = ['127.0.0.0/8', '::1'] as const;

/** No proxy trusted: every address is the socket's peer. */
export const NO_PROXIES: TrustedProxies = { entries: [], has: () => false };

/** `::ffff:127.0.0.5` as `127.0.0.5`; other addresses as they are. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * What a per-address limit counts `address` under: an IPv6 address as its /64 (`2001:db8:1:2::/64`),
 * the block one subscriber is handed (a host picks any address in it, so counting each alone would
 * give one person 2^64 allowances); an IPv4 address, or anything else (`session:...`), as it is.
 * A key ending in `|ADDRESS` (an account at an address) has that address so counted.
 */
export function limitKey(key: string): string {
  const bar = key.lastIndexOf('|');
  const address = key.slice(bar + 1);
  const plain = plainAddress(address);
  if (isIP(plain) !== 6) return key;
  return `${key.slice(0, bar + 1)}${prefix64(plain)}`;
}

/** The /64 of an IPv6 address, written as its first four groups (`2001:db8:0:1::/64`). */
function prefix64(address: string): string {
  // A zone (`fe80::1%eth0`) is no part of the address; an IPv4 tail (`::ffff:1.2.3.4`) is two groups.
  const [bare = ''] = address.split('%');
  const groups = (s: string): string[] =>
    s === '' ? [] : s.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head = '', tail] = bare.split('::');
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The trusted proxies of a list of addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`). Throws
 * with the entry that is neither.
 */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    if (family === 0 || rest.length > 0)
      throw new Error(`${JSON.stringify(entry)} is not an IP address or a CIDR range (10.0.0.0/8, fd00::/8)`);
    if (bits === undefined) {
      list.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || prefix > max)
      throw new Error(`${JSON.stringify(entry)} has a prefix length that is not 0 to ${max}`);
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    entries: [...entries],
    has: (address) => {
      const plain = plainAddress(address);
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * Reads `UBONGO_TRUST_PROXY`: empty or `0`, none; `1`, a proxy on this machine (`127.0.0.0/8,
 * ::1`, what it meant when it was a yes or no); otherwise a comma-separated list of addresses and
 * CIDR ranges. Throws with what is wrong.
 */
export function parseTrustProxy(raw: string | undefined): TrustedProxies {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0') return NO_PROXIES;
  if (value === '1') return trustedProxies(LOOPBACK);
  return trustedProxies(value.split(',').map((entry) => entry.trim()));
}

/**
 * The client's address: the socket's `peer`, unless it is a trusted proxy; then the rightmost
 * entry of `forwardedFor` (every X-Forwarded-For header, in order) that is not a trusted proxy, or
 * the leftmost entry when all of them are. An empty entry ends the walk at the proxy that wrote
 * it (nothing to believe further left). IPv4-mapped addresses come back as IPv4.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trusted: TrustedProxies,
): string {
  let address = plainAddress(peer ?? 'unknown');
  if (!trusted.has(address) || forwardedFor === undefined) return address;
  const hops = (typeof forwardedFor === 'string' ? [forwardedFor] : forwardedFor)
    .flatMap((header) => header.split(','))
    .map((entry) => entry.trim());
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? '';
    if (hop === '') return address;
    address = plainAddress(hop);
    if (!trusted.has(address)) return address;
  }
  return address;
}

// Each game socket's client address, noted when it opens: its messages share that address's allowance.
const socketAddresses = new WeakMap<object, string>();

/** Notes the client address of a game socket (a `ws` socket, a `Client`'s `ref`). */
export function noteSocketAddress(socket: object, address: string): void {
  socketAddresses.set(socket, address);
}

/** The client address noted for a game socket, if any. */
export function socketAddress(socket: object): string | undefined {
  return socketAddresses.get(socket);
}
