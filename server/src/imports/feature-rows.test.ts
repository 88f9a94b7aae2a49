import { describe, expect, it } from 'vitest';
import { CsvRecords } from './csv-records.js';
import { CopyBuffer, copyEscape } from './copy-buffer.js';
import { featureRowReader, isoDateTime, storedGeometry } from './feature-rows.js';
import { written } from './written-row.js';

describe('reading GDAL CSV as it is written', () => {
  const all = (pieces: string[]) => {
    const reader = new CsvRecords();
    return [...pieces.flatMap((p) => reader.push(p)), ...reader.end()];
  };

  it('splits records however the text arrives, quoted fields with commas, quotes and line breaks included', () => {
    const text =
      'WKT,name,n\n"LINESTRING (1 2,3 4)","Río ""Grande"", norte",5\nPOINT (1 2),,\n"POLYGON ((0 0,1 0,0 0))","two\nlines",7';
    const expected = [
      ['WKT', 'name', 'n'],
      ['LINESTRING (1 2,3 4)', 'Río "Grande", norte', '5'],
      ['POINT (1 2)', '', ''],
      ['POLYGON ((0 0,1 0,0 0))', 'two\nlines', '7'],
    ];
    expect(all([text])).toEqual(expected);
    // Every cut, including inside quotes and right after a quote, gives the same records.
    for (let cut = 1; cut < text.length; cut++) expect(all([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
    expect(all(text.split(''))).toEqual(expected);
  });
});

describe('a feature row of an imported record', () => {
  it('keeps Z, drops M and converts Z in feet', () => {
    expect(storedGeometry('POINT (1 2)', false)).toEqual({ kind: 'point', wkt: 'POINT (1 2)' });
    expect(storedGeometry('POINT Z (1 2 3)', false)).toEqual({ kind: 'point', wkt: 'POINT Z (1 2 3)' });
    expect(storedGeometry('POINT M (1 2 3)', false)).toEqual({ kind: 'point', wkt: 'POINT (1 2)' });
    expect(storedGeometry('LINESTRING ZM (1 2 3 4,5 6 7 8)', false)).toEqual({
      kind: 'line',
      wkt: 'LINESTRING Z (1 2 3,5 6 7)',
    });
    expect(storedGeometry('MULTIPOLYGON Z (((0 0 10,1 0 10,0 1 10,0 0 10)))', true)?.wkt).toBe(
      'MULTIPOLYGON Z (((0 0 3.048,1 0 3.048,0 1 3.048,0 0 3.048)))',
    );
    expect(storedGeometry('POINT ZM (1 2 100 9)', true)?.wkt).toBe('POINT Z (1 2 30.48)');
    expect(storedGeometry('POINT EMPTY', false)).toEqual({ kind: 'point', wkt: 'POINT EMPTY' });
    expect(storedGeometry('GEOMETRYCOLLECTION (POINT (1 2))', false)).toBeUndefined();
    expect(storedGeometry('', false)).toBeUndefined();
  });

  it('reads date-times as GDAL writes them into ISO 8601, keeping the offset the file had', () => {
    expect(isoDateTime('2024/03/05 10:20:30')).toBe('2024-03-05T10:20:30');
    expect(isoDateTime('2024/03/05 10:20:30+00')).toBe('2024-03-05T10:20:30Z');
    expect(isoDateTime('2024/03/05 10:20:30.250-05')).toBe('2024-03-05T10:20:30.250-05:00');
    expect(isoDateTime('2024/03/05 10:20:30+0530')).toBe('2024-03-05T10:20:30+05:30');
  });

  it('types values by the layer fields, counts what does not fit, and converts feet', () => {
    const layer = {
      fields: [
        { name: 'id', type: 'integer' as const, order: 0, source: 'ID' },
        { name: 'depth', type: 'real' as const, order: 1, source: 'Depth' },
        { name: 'ok', type: 'boolean' as const, order: 2, source: 'ok' },
        { name: 'seen', type: 'datetime' as const, order: 3, source: 'seen' },
        { name: 'note', type: 'text' as const, order: 4, source: 'note' },
      ],
    };
    const reader = featureRowReader(layer, ['WKT', 'ID', 'Depth', 'ok', 'seen', 'note'], new Set(['depth']), false);
    const read = (record: string[]) => written(reader, record);
    expect(read(['POINT (1 2)', '7', '10', '1', '2024/01/02 03:04:05+00', 'a\tb'])).toEqual({
      kind: 'point',
      geometry: 'SRID=4326;POINT (1 2)',
      values: copyEscape(JSON.stringify({ id: 7, depth: 3.048, ok: true, seen: '2024-01-02T03:04:05Z', note: 'a\tb' })),
      badValues: 0,
    });
    expect(read(['POINT (1 2)', 'x', '', 'maybe', '', ''])).toMatchObject({ values: '{}', badValues: 2 });
    expect(read(['GEOMETRYCOLLECTION EMPTY', '1', '', '', '', ''])).toBeUndefined();
    expect(() => featureRowReader(layer, ['WKT', 'other'], new Set(), false)).toThrow(/did not describe/);
  });

  it('escapes text for COPY', () => {
    expect(copyEscape('{"a":"x\\ny"}')).toBe('{"a":"x\\\\ny"}');
    expect(copyEscape('tab\there')).toBe('tab\\there');
    const out = new CopyBuffer();
    out.escaped('plain');
    out.hex(Buffer.from([0, 171, 255]), 0, 3);
    expect(out.take().toString()).toBe('plain00abff');
  });
});
