import { describe, expect, it } from 'vitest';
import { guardedLookup, isPrivateAddress } from './remote.js';

const resolve = (allowPrivate: boolean, host: string) =>
  new Promise<{ error?: string; address?: string }>((done) => {
    guardedLookup(allowPrivate)(host, {}, (err, address) => done(err ? { error: (err as { code?: string }).code } : { address: String(address) }));
  });

describe('remote service addresses', () => {
  it('refuses a private answer at connection time (a name may change its answer after the first check)', async () => {
    expect(await resolve(false, 'localhost')).toEqual({ error: 'EPRIVATEADDRESS' });
    expect((await resolve(true, 'localhost')).address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  it('judges loopback, private, link-local and mapped addresses as private', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1', '::ffff:127.0.0.1']) expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of ['8.8.8.8', '2001:4860:4860::8888']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });
});
