import { describe, expect, it } from 'vitest';
import type { Account, PermissionEntry, Profile } from '@fieldbook/domain';
import type { Project } from '../../api/projects';
import { accessOf } from '../access';
import { filterableProjects, seesActivityLog } from './activity-access';

const access = (userType: string, permissions: PermissionEntry[], organizationType = 'standard') =>
  accessOf(
    { userType, permissions, organization: { id: 'org' }, organizations: [] } as unknown as Profile,
    { organization: { type: organizationType, functionalityFlags: {}, DEFAULT: true } } as unknown as Account,
  );
const orgAdmin: PermissionEntry = { assetTypeName: 'organization', assetId: 'org', bitMask: '1111' };
const orgViewer: PermissionEntry = { assetTypeName: 'organization', assetId: 'org', bitMask: '0001' };
const adminOf = (id: string): PermissionEntry => ({ assetTypeName: 'project', assetId: id, bitMask: '1111' });

describe('who reads the activity log (spec 1 §2.3, spec 3 §6)', () => {
  it('organization admins and admins of a project', () => {
    expect(seesActivityLog(access('0111', [orgAdmin]))).toBe(true);
    expect(seesActivityLog(access('0111', [orgViewer, adminOf('p1')]))).toBe(true);
  });
  it('not a viewer of the organization who administers no project', () => {
    expect(seesActivityLog(access('0111', [orgViewer]))).toBe(false);
    expect(seesActivityLog(access('0001', [orgViewer]))).toBe(false);
  });
  it('not in a plus organization', () => {
    expect(seesActivityLog(access('0111', [orgAdmin], 'plus'))).toBe(false);
  });
});

describe('projects the log may be filtered by', () => {
  const project = (id: string, admin: boolean) => ({ id, name: id, abilities: { admin } }) as unknown as Project;
  const projects = [project('a', true), project('b', false)];
  it('all for an organization admin, else those the user administers', () => {
    expect(filterableProjects(projects, true).map((p) => p.id)).toEqual(['a', 'b']);
    expect(filterableProjects(projects, false).map((p) => p.id)).toEqual(['a']);
    expect(filterableProjects(undefined, false)).toEqual([]);
  });
});
