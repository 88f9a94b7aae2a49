import { describe, expect, it } from 'vitest';
import {
  LOCATE_FORM_ID,
  canRespondPositively,
  formListOf,
  formSavePayloadSchema,
  ticketNumberOf,
} from './feature-forms.js';

const locate = (value: unknown) => ({ formId: LOCATE_FORM_ID, data: [{ id: 'ticketNumber', value }] });

describe('forms on features: shared rules', () => {
  it('reads the ticket number of Locate Form records only', () => {
    expect(ticketNumberOf(locate(' 250314-00127 '))).toBe('250314-00127');
    expect(ticketNumberOf(locate(''))).toBeNull();
    expect(ticketNumberOf(locate(42))).toBeNull();
    expect(ticketNumberOf({ formId: 'another-form', data: [{ id: 'ticketNumber', value: '1-2' }] })).toBeNull();
  });

  it.each([
    ['250314-00127', true],
    ['A-B', true],
    ['250314', false],
    ['-00127', false],
    ['250314-', false],
    ['1-2-3', false],
    [' -1', false],
    [`${'1'.repeat(24)}-${'2'.repeat(24)}`, false],
    [null, false],
  ])('positive response for ticket %s: %s (spec 3 §5)', (ticket, expected) => {
    expect(canRespondPositively(ticket)).toBe(expected);
  });

  it('reads the form list as a list or as the base64 text of one', () => {
    expect(formListOf('W10=')).toEqual([]);
    expect(formListOf(btoa(JSON.stringify([{ id: 'a' }])))).toEqual([{ id: 'a' }]);
    expect(formListOf([{ id: 'b' }])).toEqual([{ id: 'b' }]);
    expect(formListOf('not base64!')).toEqual([]);
    expect(formListOf(null)).toEqual([]);
  });

  it('takes the data as the JSON text of the list (spec 3 §3) or as the list', () => {
    const base = { featureId: 'point.1', formId: LOCATE_FORM_ID, projectId: LOCATE_FORM_ID };
    const entries = [{ id: 'ticketNumber', type: 'text', value: '1-2' }];
    expect(formSavePayloadSchema.parse({ ...base, data: JSON.stringify(entries) }).data).toEqual(entries);
    expect(formSavePayloadSchema.parse({ ...base, data: [{ id: 'x' }] }).data).toEqual([
      { id: 'x', type: 'text', value: null },
    ]);
    expect(formSavePayloadSchema.safeParse({ ...base, data: '[{"id":' }).error?.issues[0].message).toBe(
      'app.form.bad-data',
    );
  });
});
