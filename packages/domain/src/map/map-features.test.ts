import { describe, expect, it } from 'vitest';
import { attributeInputError, initialAttributeValue, intKeystrokeAllowed } from './feature-attributes.js';
import { leaderAnchorChoices, leaderMetadataSchema } from './leaders.js';
import { joinLines, removeVertex, splitLine } from './line-functions.js';

describe('feature attribute inputs (spec 3 §5)', () => {
  const now = new Date(2025, 0, 31, 14, 5);
  it('turns @today and @today_date into now in the attribute format; @save starts empty', () => {
    expect(initialAttributeValue('Date', '@today_date', now)).toBe('01/31/2025');
    expect(initialAttributeValue('Time', '@today', now)).toBe('02:05 pm');
    expect(initialAttributeValue('Timestamp', '@today', now)).toBe('01/31/2025 02:05 pm');
    expect(initialAttributeValue('Text', '@save', now)).toBe('');
    expect(initialAttributeValue('Text', 'North', now)).toBe('North');
  });
  it('checks required values and types the way the server does', () => {
    expect(attributeInputError('Text', true, ' ')).toBe('app.feature.error.required');
    expect(attributeInputError('Read Only', true, '')).toBeNull();
    expect(attributeInputError('Hyperlink', false, 'not a link')).toBe('app.feature.error.bad-hyperlink');
    expect(attributeInputError('Int', false, '12')).toBeNull();
    expect(attributeInputError('Date', false, '2025-01-31')).toBe('app.feature.error.bad-value');
    expect(attributeInputError('Text', false, 'x'.repeat(257))).toBe('app.feature.error.text-too-long');
  });
  it('lets Int inputs take digits only', () => {
    expect(intKeystrokeAllowed('123')).toBe(true);
    expect(intKeystrokeAllowed('12a')).toBe(false);
    expect(intKeystrokeAllowed('1.5')).toBe(false);
  });
});

describe('line functions (spec 3 §4)', () => {
  const line = [
    [
      [0, 0],
      [1, 0],
      [2, 0],
    ],
  ];
  it('removes a vertex but keeps two per part', () => {
    expect(removeVertex(line, 1)).toEqual([
      [
        [0, 0],
        [2, 0],
      ],
    ]);
    expect(
      removeVertex(
        [
          [
            [0, 0],
            [1, 0],
          ],
        ],
        0,
      ),
    ).toBeNull();
    expect(removeVertex(line, 5)).toBeNull();
  });
  it('splits at inner vertices only, sharing the vertex', () => {
    expect(splitLine(line, 1)).toEqual([
      [
        [
          [0, 0],
          [1, 0],
        ],
      ],
      [
        [
          [1, 0],
          [2, 0],
        ],
      ],
    ]);
    expect(splitLine(line, 0)).toBeNull();
    expect(splitLine(line, 2)).toBeNull();
  });
  it('joins a second line onto the end of the first, turning it round when needed', () => {
    expect(
      joinLines(line, [
        [
          [4, 0],
          [2, 0],
        ],
      ]),
    ).toEqual([
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [4, 0],
      ],
    ]);
    expect(
      joinLines(line, [
        [
          [3, 0],
          [4, 0],
        ],
      ]),
    ).toEqual([
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
        [4, 0],
      ],
    ]);
  });
});

describe('leaders (spec 3 §5)', () => {
  it('offers first, 2..n-1 and last as anchors', () => {
    expect(leaderAnchorChoices(4).map((c) => c.label)).toEqual(['first', 2, 3, 'last']);
    expect(leaderAnchorChoices(1).map((c) => c.label)).toEqual(['first']);
  });
  it('needs text of up to 256 characters in up to three rows, a #RRGGBB colour and a known symbol', () => {
    const ok = { text: 'Valve', color: '#A0b1C2', vertex: 0, symbol: 'CIRCLE' };
    expect(leaderMetadataSchema.safeParse(ok).success).toBe(true);
    expect(leaderMetadataSchema.safeParse({ ...ok, text: 'a\nb\nc\nd' }).success).toBe(false);
    expect(leaderMetadataSchema.safeParse({ ...ok, color: '#abc' }).success).toBe(false);
    expect(leaderMetadataSchema.safeParse({ ...ok, symbol: 'STAR' }).success).toBe(false);
  });
});
