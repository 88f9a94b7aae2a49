import { describe, expect, it } from 'vitest';
import {
  addUserPreset,
  effectiveMask,
  firstUnmetPasswordRule,
  hasFreeSeat,
  isOrgAdmin,
  isOrgViewer,
  maxMaskFor,
  normalizeMask,
  normalizePhone,
  seatBannerSeverity,
  seatTotals,
  unmetPasswordRules,
  usageFits,
  canSeeUsersAndOrganization,
  signUpSchema,
  type PermissionEntry,
} from './index.js';

describe('password rules', () => {
  it('reports the first unmet rule in the order length, number, lower, upper, special', () => {
    expect(firstUnmetPasswordRule('')).toBe('app.password-reqs.length');
    expect(firstUnmetPasswordRule('abcdefgh')).toBe('app.password-reqs.number');
    expect(firstUnmetPasswordRule('ABCDEFG1')).toBe('app.password-reqs.lower');
    expect(firstUnmetPasswordRule('abcdefg1')).toBe('app.password-reqs.upper');
    expect(firstUnmetPasswordRule('Abcdefg1')).toBe('app.password-reqs.special');
    expect(firstUnmetPasswordRule('Abcdef1!')).toBeNull();
    expect(unmetPasswordRules('a')).toEqual([
      'app.password-reqs.length',
      'app.password-reqs.number',
      'app.password-reqs.upper',
      'app.password-reqs.special',
    ]);
  });
});

describe('phone numbers', () => {
  it('accepts valid numbers of the chosen country with 7 to 15 digits', () => {
    expect(normalizePhone('(202) 555-0143')).toBe('+12025550143');
    expect(normalizePhone('612 34 56 78', 'ES')).toBe('+34612345678');
    expect(normalizePhone('123')).toBeNull();
    expect(normalizePhone('+1 202 555 0143 99999')).toBeNull();
  });
  it('is what sign-up validates with', () => {
    const base = { email: 'a@b.co', password: 'Abcdef1!', given_name: 'A', family_name: 'B' };
    expect(signUpSchema.safeParse({ ...base, phone_number: '+12025550143' }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...base, phone_number: '+1555' }).success).toBe(false);
  });
});

describe('permissions', () => {
  const org = 'org-1';
  it('takes the highest mask over the asset, its ancestors and wildcards', () => {
    const entries = [
      { assetTypeName: 'project' as const, assetId: 'p1', bitMask: '0011' },
      { assetTypeName: 'layer' as const, assetId: '*', bitMask: '0001' },
      { assetTypeName: 'folder' as const, assetId: 'f9', bitMask: '1111' },
    ];
    expect(
      effectiveMask(entries, [
        { type: 'layer', id: 'l1' },
        { type: 'folder', id: 'f1' },
        { type: 'project', id: 'p1' },
      ]),
    ).toBe(3);
    expect(
      effectiveMask(entries, [
        { type: 'layer', id: 'l1' },
        { type: 'folder', id: 'f9' },
      ]),
    ).toBe(15);
    expect(effectiveMask(entries, [{ type: 'project', id: 'p2' }])).toBe(0);
  });

  it('makes an organization admin of a collector or editor with the admin bit; plus organizations need only the bit', () => {
    const adminEntry = [{ assetTypeName: 'organization' as const, assetId: org, bitMask: '1111' }];
    const subject = (userType: string, organizationType = 'standard', permissions: PermissionEntry[] = adminEntry) => ({
      userType,
      organizationType,
      organizationId: org,
      permissions,
    });
    expect(isOrgAdmin(subject('0111'))).toBe(true);
    expect(isOrgAdmin(subject('0011'))).toBe(true);
    expect(isOrgAdmin(subject('0001'))).toBe(false);
    expect(isOrgAdmin(subject('0001', 'plus'))).toBe(true);
    expect(
      isOrgAdmin(subject('0111', 'standard', [{ assetTypeName: 'organization', assetId: org, bitMask: '0111' }])),
    ).toBe(false);
    expect(
      isOrgViewer(subject('0001', 'standard', [{ assetTypeName: 'organization', assetId: '*', bitMask: '0001' }])),
    ).toBe(true);
    expect(
      canSeeUsersAndOrganization(
        subject('0111', 'standard', [{ assetTypeName: 'project', assetId: 'p1', bitMask: '1111' }]),
      ),
    ).toBe(true);
    expect(
      canSeeUsersAndOrganization(
        subject('0011', 'standard', [{ assetTypeName: 'project', assetId: 'p1', bitMask: '1111' }]),
      ),
    ).toBe(false);
  });

  it('forces lower boxes and limits boxes by user type', () => {
    expect(normalizeMask('1000')).toBe('1111');
    expect(normalizeMask('0100')).toBe('0111');
    expect(normalizeMask('0000')).toBe('0000');
    expect(maxMaskFor('0001', { assetTypeName: 'project' })).toBe(1);
    expect(maxMaskFor('0011', { assetTypeName: 'layer' })).toBe(3);
    expect(maxMaskFor('0011', { assetTypeName: 'organization' })).toBe(15);
  });

  it('applies the add-user presets of the spec', () => {
    expect(addUserPreset('editor', org)).toEqual({
      userType: '0111',
      permissions: [{ assetTypeName: 'organization', assetId: org, bitMask: '1111' }],
    });
    expect(addUserPreset('viewer', org).permissions[0].bitMask).toBe('0001');
    expect(addUserPreset('dataCollector', org)).toMatchObject({ userType: '0011', permissions: [{ bitMask: '1111' }] });
    expect(addUserPreset('plus', org).permissions).toContainEqual({
      assetTypeName: 'license',
      assetId: '*',
      bitMask: '0111',
    });
  });
});

describe('seats', () => {
  const usage = { viewers: 1, editors: 2, dataCollectors: 1, rtk: 0 };
  it('counts a plain maxUsers limit', () => {
    const limits = { maxUsers: 5, userInfo: null, rtkSeats: 0 };
    expect(hasFreeSeat(limits, usage, 'editor')).toBe(true);
    expect(hasFreeSeat(limits, { ...usage, viewers: 2 }, 'viewer')).toBe(false);
    expect(seatTotals(limits, usage)).toEqual({ used: 4, limit: 5, remaining: 1 });
  });
  it('shares power-user seats between editors and collectors', () => {
    const limits = {
      maxUsers: null,
      userInfo: { viewers: 1, editors: 1, dataCollectors: 1, powerUsers: 1 },
      rtkSeats: 0,
    };
    expect(usageFits(limits, usage)).toBe(true);
    expect(hasFreeSeat(limits, usage, 'dataCollector')).toBe(false);
    expect(hasFreeSeat(limits, usage, 'viewer')).toBe(false);
    expect(hasFreeSeat(limits, { ...usage, editors: 1 }, 'dataCollector')).toBe(true);
  });
  it('colours the banner info, warning at zero, error when over', () => {
    expect(seatBannerSeverity(2)).toBe('info');
    expect(seatBannerSeverity(0)).toBe('warning');
    expect(seatBannerSeverity(-1)).toBe('error');
    expect(seatBannerSeverity(null)).toBe('info');
  });
});

describe('component style ranges', () => {
  it('clamps to the ranges and snaps to the steps without float noise', async () => {
    const { clampComponentStyle } = await import('./index.js');
    const style = clampComponentStyle({
      strokeColor: '#000000',
      strokeOpacity: 0.37,
      strokeWidth: 12,
      fillColor: '#ffffff',
      fillOpacity: -1,
      size: 51,
    });
    expect(style).toMatchObject({ strokeOpacity: 0.35, strokeWidth: 10, fillOpacity: 0, size: 50 });
  });
});
