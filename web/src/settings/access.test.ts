import { describe, expect, it } from 'vitest';
import type { Profile } from '@fieldbook/domain';
import { showsMapOrganizationSelect } from './access';

const profile = (userType: string, organizations: number) =>
  ({
    userType,
    organizations: Array.from({ length: organizations }, (_, i) => ({ id: `o${i}`, name: `Org ${i}` })),
  }) as unknown as Profile;

describe('organization selector of the project panel (spec 3 §2)', () => {
  it('shows with organizations enabled and more than one organization', () => {
    expect(showsMapOrganizationSelect({ organizationsEnabled: true, profile: profile('0111', 2) })).toBe(true);
    expect(showsMapOrganizationSelect({ organizationsEnabled: true, profile: profile('0111', 1) })).toBe(false);
    expect(showsMapOrganizationSelect({ organizationsEnabled: false, profile: profile('0111', 3) })).toBe(false);
  });

  it('always shows for user type 1111', () => {
    expect(showsMapOrganizationSelect({ organizationsEnabled: false, profile: profile('1111', 1) })).toBe(true);
  });
});
