import { describe, expect, it } from 'vitest';
import {
  ONECALL_MSG,
  POSITIVE_RESPONSE_CODES,
  answerableMembers,
  isTicketNumber,
  oneCallEmailCreateSchema,
  oneCallEmailUpdateSchema,
  oneCallFlags,
  oneCallMembers,
  positiveResponseError,
} from './onecall.js';

const ten = 'x'.repeat(10);

describe('one-call rules (spec 3 §5, §6, §9)', () => {
  it('has codes 001–015 and 017–023, no 016', () => {
    const codes = POSITIVE_RESPONSE_CODES.map((c) => c.code);
    expect(codes).toHaveLength(22);
    expect(codes).not.toContain('016');
    expect(codes[0]).toBe('001');
    expect(codes.at(-1)).toBe('023');
  });

  it('positive response: code required, comments for 008/021/022/023, 10–255 when given', () => {
    expect(positiveResponseError({})).toBe(ONECALL_MSG.noResponseCode);
    expect(positiveResponseError({ responseCode: ' ' })).toBe(ONECALL_MSG.noResponseCode);
    expect(positiveResponseError({ responseCode: '016' })).toBe(ONECALL_MSG.unknownCode);
    expect(positiveResponseError({ responseCode: '001' })).toBeNull();
    for (const code of ['008', '021', '022', '023'])
      expect(positiveResponseError({ responseCode: code, comments: '  ' })).toBe(ONECALL_MSG.commentsRequired);
    expect(positiveResponseError({ responseCode: '008', comments: ten })).toBeNull();
    expect(positiveResponseError({ responseCode: '001', comments: 'x'.repeat(9) })).toBe(ONECALL_MSG.commentsLength);
    expect(positiveResponseError({ responseCode: '001', comments: 'x'.repeat(255) })).toBeNull();
    expect(positiveResponseError({ responseCode: '001', comments: 'x'.repeat(256) })).toBe(ONECALL_MSG.commentsLength);
  });

  it('ticket numbers are two non-empty parts around one hyphen, at most 48 characters', () => {
    expect(isTicketNumber('250314-00127')).toBe(true);
    expect(isTicketNumber('A2503-B1')).toBe(true);
    for (const bad of ['25031400127', '-00127', '250314-', '1-2-3', '2503 14-1', `${'1'.repeat(40)}-${'2'.repeat(8)}`])
      expect(isTicketNumber(bad)).toBe(false);
  });

  it('members: the organization list (codes or code and name) ∩ the ticket notified', () => {
    const org = oneCallMembers({ onecall: { members: ['xcel01', { code: 'DNVWTR', name: 'Denver Water' }, 7, ''] } });
    expect(org).toEqual([
      { code: 'XCEL01', name: 'XCEL01' },
      { code: 'DNVWTR', name: 'Denver Water' },
    ]);
    expect(answerableMembers(org, 'CMCST2, dnvwtr,XCEL01')).toEqual(org);
    expect(answerableMembers(org, 'CMCST2')).toEqual([]);
    expect(oneCallMembers({})).toEqual([]);
  });

  it('flags: positive response needs one-call on too', () => {
    expect(oneCallFlags({ onecall: { enabled: true, positiveResponse: true } })).toEqual({
      enabled: true,
      positiveResponse: true,
    });
    expect(oneCallFlags({ onecall: { enabled: false, positiveResponse: true } }).positiveResponse).toBe(false);
    expect(oneCallFlags(null)).toEqual({ enabled: false, positiveResponse: false });
  });

  it('e-mail list: valid address up to 128, layer name required, archive days 1–365', () => {
    const projectId = '00000000-0000-4000-8000-000000000001';
    const create = (emailAddress: string, layerName = 'Tickets') =>
      oneCallEmailCreateSchema.safeParse({ emailAddress, layerName, projectId });
    expect(create(' Tickets@Example.com ').data?.emailAddress).toBe('tickets@example.com');
    expect(create('not-an-address').error?.issues[0].message).toBe(ONECALL_MSG.invalidEmail);
    expect(create(`${'a'.repeat(120)}@example.com`).error?.issues[0].message).toBe(ONECALL_MSG.invalidEmail);
    expect(create('a@example.com', ' ').error?.issues[0].message).toBe(ONECALL_MSG.layerNameRequired);
    const days = (archiveDays: number) =>
      oneCallEmailUpdateSchema.safeParse({ id: projectId, projectId, archiveDays }).error?.issues[0].message ?? null;
    expect([days(1), days(365), days(0), days(366), days(1.5)]).toEqual([
      null,
      null,
      ONECALL_MSG.archiveDaysOutOfRange,
      ONECALL_MSG.archiveDaysOutOfRange,
      ONECALL_MSG.archiveDaysOutOfRange,
    ]);
  });
});
