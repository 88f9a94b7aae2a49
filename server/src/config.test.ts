import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './config.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or blank', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy(' , ')).toBeUndefined();
  });

  it('reads a comma-separated list of addresses, CIDRs and names', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
  });
});
