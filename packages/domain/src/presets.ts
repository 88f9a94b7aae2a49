import { USER_TYPES, type PermissionEntry } from './user-types.js';

export type AddUserPreset = 'editor' | 'viewer' | 'dataCollector' | 'plus';

/** Add-user presets of spec 1 §6: the user type and the permissions a new member starts with. */
export function addUserPreset(
  preset: AddUserPreset,
  organizationId: string,
): { userType: string; permissions: PermissionEntry[] } {
  const org = (bitMask: string): PermissionEntry => ({
    assetTypeName: 'organization',
    assetId: organizationId,
    bitMask,
  });
  switch (preset) {
    case 'editor':
      return { userType: USER_TYPES.editor, permissions: [org('1111')] };
    case 'viewer':
      return { userType: USER_TYPES.viewer, permissions: [org('0001')] };
    case 'dataCollector':
      return { userType: USER_TYPES.dataCollector, permissions: [org('1111')] };
    case 'plus':
      return {
        userType: USER_TYPES.editor,
        permissions: [org('0111'), { assetTypeName: 'license', assetId: '*', bitMask: '0111' }],
      };
  }
}

export function presetForUserType(userType: string): AddUserPreset {
  if (userType === USER_TYPES.viewer) return 'viewer';
  if (userType === USER_TYPES.dataCollector) return 'dataCollector';
  return 'editor';
}

/**
 * The highest mask a user type may hold on an asset in the permission editor (spec 1 §5): viewers
 * only view; collectors no edit or admin, except the organization entry their preset gives them.
 */
export function maxMaskFor(userType: string, entry: Pick<PermissionEntry, 'assetTypeName'>): number {
  if (userType === USER_TYPES.viewer) return 1;
  if (userType === USER_TYPES.dataCollector) return entry.assetTypeName === 'organization' ? 15 : 3;
  return 15;
}

/** Checking a higher box forces the lower ones: 1000 → 1111, 0100 → 0111, 0010 → 0011. */
export function normalizeMask(bits: string): string {
  const n = parseInt(bits, 2);
  if (n & 8) return '1111';
  if (n & 4) return '0111';
  if (n & 2) return '0011';
  if (n & 1) return '0001';
  return '0000';
}
