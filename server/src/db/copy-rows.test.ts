import { describe, expect, it } from 'vitest';
import { BinaryCopyRows } from './copy-rows.js';

/** A binary COPY stream of one text column: header, rows (NULL as -1), trailer. */
function stream(values: Array<string | null>): Buffer {
  const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
  const rows = values.map((v) => {
    const head = Buffer.alloc(6);
    head.writeInt16BE(1, 0);
    head.writeInt32BE(v === null ? -1 : Buffer.byteLength(v), 2);
    return v === null ? head : Buffer.concat([head, Buffer.from(v)]);
  });
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  return Buffer.concat([header, ...rows, trailer]);
}

describe('rows of a binary COPY', () => {
  it('gives each value as raw text, however the stream is cut', () => {
    const values = ['<Placemark>\n\tNiño 北京</Placemark>', null, '', 'a\\b\tc'];
    const bytes = stream(values);
    for (const size of [1, 5, bytes.length]) {
      const reader = new BinaryCopyRows();
      const got: Array<string | null> = [];
      for (let at = 0; at < bytes.length; at += size)
        got.push(...reader.push(bytes.subarray(at, at + size)).map((v) => (v ? v.toString() : v === null ? null : '')));
      expect(got).toEqual(values);
      expect(reader.done).toBe(true);
    }
  });
});
