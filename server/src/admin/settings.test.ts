import { describe, expect, it } from 'vitest';
import { applyAssignments } from './settings.js';

const base = {
  type: 'standard',
  maxUsers: 25,
  rtkSeats: 0,
  userInfo: null,
  functionalityFlags: { onecall: { enabled: true, members: [] }, search: true },
};

describe('operator organization settings', () => {
  it('sets seats, type and nested flags without losing siblings', () => {
    const next = applyAssignments(base, [
      'maxUsers=3',
      'rtkSeats=2',
      'type=plus',
      'onecall.enabled=false',
      'userInfo.editors=1',
      'userInfo.powerUsers=2',
    ]);
    expect(next).toMatchObject({ maxUsers: 3, rtkSeats: 2, type: 'plus', userInfo: { editors: 1, powerUsers: 2 } });
    expect(next.functionalityFlags).toEqual({ onecall: { enabled: false, members: [] }, search: true });
  });

  it('clears userInfo and refuses nonsense', () => {
    expect(applyAssignments({ ...base, userInfo: { editors: 1 } }, ['userInfo=none']).userInfo).toBeNull();
    expect(() => applyAssignments(base, ['maxUsers=-1'])).toThrow(/whole number/);
    expect(() => applyAssignments(base, ['userInfo.admins=1'])).toThrow(/unknown seat type/);
    expect(() => applyAssignments(base, ['type=gold'])).toThrow(/plus or standard/);
    expect(() => applyAssignments(base, ['noequals'])).toThrow(/key=value/);
  });
});
