import { describe, expect, it } from 'vitest';
import { dateBounds, searchQuerySchema, searchWords } from './search-query.js';

describe('search query of an export', () => {
  it('reads filters, box corners in both forms and the spec operator rules', () => {
    const q = searchQuerySchema.parse({
      search: '  árbol  中文 ',
      page: 0,
      pageSize: 50,
      filters: [
        { field: 'cuenta', operation: 'between', from: 1, to: 5, dataType: 'Integer' },
        { type: 'bb', topLeft: { lat: 40, lng: -106 }, bottomRight: [-104, 39] },
      ],
    });
    expect(searchWords(q.search)).toEqual(['árbol', '中文']);
    expect(q.filters![0]).toMatchObject({ dataType: 'number' });
    expect(q.filters![1]).toMatchObject({ topLeft: { lat: 40, lon: -106 }, bottomRight: { lat: 39, lon: -104 } });
    const refused = (filter: object) => searchQuerySchema.safeParse({ filters: [filter] }).success;
    expect(refused({ field: 'name', operation: 'gte', value: 'a', dataType: 'text' })).toBe(false);
    expect(refused({ field: 'n', operation: 'like', value: '1', dataType: 'number' })).toBe(false);
    expect(refused({ field: 'n', operation: 'between', from: 1 })).toBe(false);
    expect(refused({ field: 'n', operation: 'eq', value: 1, dataType: 'colour' })).toBe(false);
    expect(refused({ type: 'bb', topLeft: { lat: 39, lon: 0 }, bottomRight: { lat: 40, lon: 1 } })).toBe(false);
  });

  it('turns a day into the range of its dates and datetimes, a datetime into its instant', () => {
    expect(dateBounds('2024-02-29')).toEqual({ first: '2024-02-29', last: '2024-03-01', lastInclusive: false });
    expect(dateBounds('2024-03-05T10:30')).toEqual({
      first: '2024-03-05T10:30:00',
      last: '2024-03-05T10:30:00',
      lastInclusive: true,
    });
    expect(dateBounds('2024-02-30')).toBeNull();
    expect(dateBounds(20240301)).toBeNull();
  });
});
