import proxyAddr from '@fastify/proxy-addr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientAddress, limitKey, NO_PROXIES, parseTrustProxy, trustedProxies } from './client-address.js';

/*
 * Whose a request is: known answers for the forgeries the issue measured and for IPv4 and IPv6
 * ranges, and properties over random chains of proxies, with Fastify's own walk (request.ip, the
 * HTTP routes' address) as a second opinion.
 */

const NGINX = trustedProxies(['127.0.0.1']);
const CHAIN = trustedProxies(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1']);

describe('the client address', () => {
  it.each([
    // [peer, X-Forwarded-For, trusted, client]
    ['203.0.113.9', undefined, NO_PROXIES, '203.0.113.9'],
    // No proxy trusted: whatever the client writes is ignored.
    ['203.0.113.9', '1.2.3.4', NO_PROXIES, '203.0.113.9'],
    ['::ffff:203.0.113.9', '1.2.3.4', NO_PROXIES, '203.0.113.9'],
    // A direct client is not our proxy, even when a proxy is trusted.
    ['203.0.113.9', '1.2.3.4', NGINX, '203.0.113.9'],
    // nginx setting the header ($remote_addr): its one entry.
    ['127.0.0.1', '198.51.100.4', NGINX, '198.51.100.4'],
    ['::ffff:127.0.0.1', '198.51.100.4', NGINX, '198.51.100.4'],
    // nginx appending ($proxy_add_x_forwarded_for) to a forged header: the forgery is left of the
    // entry nginx wrote, and is never reached (the attack, where the first entry was believed).
    ['127.0.0.1', '6.6.6.6, 198.51.100.4', NGINX, '198.51.100.4'],
    ['127.0.0.1', ['6.6.6.6', '198.51.100.4'], NGINX, '198.51.100.4'],
    // Two proxies of ours, then the client; a forgery left of it.
    ['10.1.2.3', '6.6.6.6, 198.51.100.4, 192.168.1.7', CHAIN, '198.51.100.4'],
    ['::1', '2001:db8::5, fd12::1', CHAIN, '2001:db8::5'],
    // All trusted: the leftmost entry, the farthest anyone of ours has seen.
    ['10.1.2.3', '10.9.9.9, 10.8.8.8', CHAIN, '10.9.9.9'],
    // A proxy of ours with no header, or an empty entry: the proxy itself.
    ['127.0.0.1', undefined, NGINX, '127.0.0.1'],
    ['127.0.0.1', '', NGINX, '127.0.0.1'],
    ['10.1.2.3', '6.6.6.6, , 10.4.4.4', CHAIN, '10.4.4.4'],
  ] as const)('%s with X-Forwarded-For %j is %#', (peer, forwarded, trusted, client) => {
    expect(clientAddress(peer, forwarded, trusted)).toBe(client);
  });

  it('reads UBONGO_TRUST_PROXY: none, loopback for its old 1, or addresses and ranges', () => {
    expect(parseTrustProxy(undefined).entries).toEqual([]);
    expect(parseTrustProxy('0').entries).toEqual([]);
    const loopback = parseTrustProxy('1');
    expect(['127.0.0.1', '127.200.1.1', '::1', '::ffff:127.0.0.1'].every((a) => loopback.has(a))).toBe(true);
    expect(loopback.has('10.0.0.1')).toBe(false);
    const list = parseTrustProxy(' 10.0.0.0/8 , 2001:db8::/32,192.0.2.1 ');
    expect(list.entries).toEqual(['10.0.0.0/8', '2001:db8::/32', '192.0.2.1']);
    expect([list.has('10.255.0.1'), list.has('2001:db8:1::9'), list.has('192.0.2.1'), list.has('192.0.2.2')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(list.has('not an address')).toBe(false);
    for (const bad of ['true', '10.0.0.0/', '10.0.0.0/8/8', '::1/129', '300.0.0.1', 'localhost', ''])
      expect(() => parseTrustProxy(`127.0.0.1,${bad}`)).toThrow(JSON.stringify(bad));
  });
});

/** A random IPv4 address, from a small space so that chains meet the trusted ranges often. */
const ipv4 = fc
  .tuple(fc.constantFrom(10, 127, 192, 203), fc.nat(3), fc.nat(3), fc.nat(9))
  .map(([a, b, c, d]) => `${a}.${b}.${c}.${d}`);
const ipv6 = fc.tuple(fc.constantFrom('fd00', '2001:db8', 'fe80'), fc.nat(3)).map(([p, n]) => `${p}::${n}`);
const address = fc.oneof(ipv4, ipv6);
const trustList = fc.array(
  fc.oneof(address, fc.constantFrom('10.0.0.0/8', '127.0.0.0/8', 'fd00::/8', '192.0.0.0/30', '::1')),
  { maxLength: 4 },
);

describe('the client address, for any chain of proxies', () => {
  it('is the first address of the chain, from the socket leftwards, that is not one of ours (or the last)', () => {
    fc.assert(
      fc.property(address, fc.array(address, { maxLength: 6 }), trustList, (peer, hops, list) => {
        const trusted = trustedProxies(list);
        const header = hops.length === 0 ? undefined : hops.join(', ');
        const client = clientAddress(peer, header, trusted);
        const chain = [peer, ...[...hops].reverse()];
        const at = chain.indexOf(client);
        // It is one of the chain, every address right of it is a proxy of ours, and it is not
        // one (unless the chain holds nothing else).
        expect(at).toBeGreaterThanOrEqual(0);
        const first = chain.findIndex((a) => !trusted.has(a));
        expect(at).toBe(first === -1 ? chain.length - 1 : first);
      }),
      { seed: 34, numRuns: 2000 },
    );
  });

  it('cannot be chosen by what a client writes left of a proxy of ours', () => {
    fc.assert(
      fc.property(
        address,
        fc.array(address, { maxLength: 5 }),
        fc.array(address, { maxLength: 5 }),
        trustList,
        (real, forged, proxies, list) => {
          // The client `real` (not one of ours) wrote `forged`; then each of our proxies appended
          // the address it saw.
          const trusted = trustedProxies([...list, ...proxies]);
          fc.pre(!trusted.has(real));
          const seen = [real, ...proxies];
          const peer = seen.pop() ?? real;
          const header = [...forged, ...seen].join(', ');
          expect(clientAddress(peer, header || undefined, trusted)).toBe(real);
        },
      ),
      { seed: 34, numRuns: 2000 },
    );
  });

  it('is the address Fastify gives the HTTP routes (request.ip) with the same list', () => {
    fc.assert(
      fc.property(ipv4, fc.array(ipv4, { maxLength: 6 }), trustList, (peer, hops, list) => {
        const trusted = trustedProxies(list);
        const headers = hops.length === 0 ? {} : { 'x-forwarded-for': hops.join(', ') };
        const all = proxyAddr.all({ socket: { remoteAddress: peer }, headers } as never, (a: string) => trusted.has(a));
        expect(clientAddress(peer, headers['x-forwarded-for'], trusted)).toBe(all[all.length - 1]);
      }),
      { seed: 34, numRuns: 2000 },
    );
  });
});

describe('what a limit counts an address under', () => {
  it('counts an IPv6 address by its /64, however it is written, and the rest as they are', () => {
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:fffe', '2001:db8:1:2:a:b:c:d'])
      expect(limitKey(address)).toBe('2001:db8:1:2::/64');
    expect(limitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitKey('2001:db8::1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(limitKey('::1')).toBe('0:0:0:0::/64');
    expect(limitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    // IPv4, mapped or not, and keys that are no address, as they are.
    expect(limitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(limitKey('::ffff:203.0.113.9')).toBe('::ffff:203.0.113.9');
    expect(limitKey('session:abc')).toBe('session:abc');
    expect(limitKey('unknown')).toBe('unknown');
    // An account at an address: the address so counted.
    expect(limitKey('acc1|2001:db8:1:2::99')).toBe('acc1|2001:db8:1:2::/64');
    expect(limitKey('acc1|203.0.113.9')).toBe('acc1|203.0.113.9');
  });
});
