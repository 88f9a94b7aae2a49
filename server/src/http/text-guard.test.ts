import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unstorablePath } from './text-guard.js';

describe('text guard', () => {
  it('finds a NUL in a body string or key', () => {
    expect(unstorablePath({ a: { b: 'x\u0000' } })).toBe('a.b');
    expect(unstorablePath({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(unstorablePath({ a: ['ok', 1, null] })).toBeNull();
  });

  it('leaves a streamed upload body alone (bytes, read by its route)', () => {
    expect(unstorablePath(Readable.from([Buffer.from('PK\u0000\u0003')]))).toBeNull();
  });
});
