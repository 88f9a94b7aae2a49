import { describe, expect, it } from 'vitest';
import { inlineParameters } from './inline-parameters.js';

describe('inlining query parameters for COPY', () => {
  it('writes each value as a literal and leaves quoted text alone', () => {
    const sql = `SELECT $1::uuid, $2, $3, $4, $5 FROM t WHERE a ~ '^x$1$' AND b = E'\\n$2' AND "c$3" = $10 - $6`;
    const values = ['6b1d…', "O'Brien \\ 北京", 12.5, true, null, -3, 0, 0, 0, 7];
    expect(inlineParameters(sql, values)).toBe(
      `SELECT E'6b1d…'::uuid, E'O\\'Brien \\\\ 北京', 12.5, TRUE, NULL FROM t WHERE a ~ '^x$1$' AND b = E'\\n$2' AND "c$3" = 7 - (-3)`,
    );
  });

  it('refuses what it cannot write safely', () => {
    expect(() => inlineParameters('SELECT $1', [{}])).toThrow();
    expect(() => inlineParameters('SELECT $1', ['a\0b'])).toThrow();
    expect(() => inlineParameters('SELECT $1', [Infinity])).toThrow();
    expect(() => inlineParameters('SELECT $2', ['x'])).toThrow();
    expect(() => inlineParameters("SELECT 'open", [])).toThrow();
  });
});
