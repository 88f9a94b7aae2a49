import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { guardedLookup, isPrivateAddress } from './remote.js';

const resolve = (allowPrivate: boolean, host: string) =>
  new Promise<{ error?: string; address?: string }>((done) => {
    guardedLookup(allowPrivate)(host, {}, (err, address) =>
      done(err ? { error: (err as { code?: string }).code } : { address: String(address) }),
    );
  });

const judged = (addresses: string[], own?: Set<string>) => addresses.map((a) => [a, isPrivateAddress(a, own)]);

describe('remote service addresses', () => {
  it('refuses a private answer at connection time (a name may change its answer after the first check)', async () => {
    expect(await resolve(false, 'localhost')).toEqual({ error: 'EPRIVATEADDRESS' });
    expect((await resolve(true, 'localhost')).address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('refuses every address that is not global unicast, and IPv6 addresses carrying such an IPv4 address', () => {
    const refused = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '2001:db8::1',
      '100::1',
      // IPv4-mapped and IPv4-compatible forms of loopback and metadata addresses
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::7f00:1',
      '::127.0.0.1',
      '::a9fe:a9fe',
      // site-local (deprecated), NAT64 and 6to4 wrapping private IPv4 addresses, Teredo
      'fec0::1',
      'feff::1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2002:a00:1::1',
      '2002:c0a8:101::1',
      '2001::1',
      'not-an-address',
    ];
    expect(judged(refused)).toEqual(refused.map((a) => [a, true]));
    const allowed = [
      '8.8.8.8',
      '1.1.1.1',
      '2001:4860:4860::8888',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ];
    expect(judged(allowed)).toEqual(allowed.map((a) => [a, false]));
  });

  it("refuses the host's own addresses, also when wrapped in IPv6", () => {
    const own = Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((entry) => entry.address);
    expect(judged(own)).toEqual(own.map((a) => [a, true]));
    const publicOwn = new Set(['8.8.4.4']);
    expect(judged(['8.8.4.4', '::ffff:8.8.4.4', '64:ff9b::808:404', '2002:808:404::1', '8.8.8.8'], publicOwn)).toEqual([
      ['8.8.4.4', true],
      ['::ffff:8.8.4.4', true],
      ['64:ff9b::808:404', true],
      ['2002:808:404::1', true],
      ['8.8.8.8', false],
    ]);
  });
});
