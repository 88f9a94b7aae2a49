/** User types are 4-bit strings (spec 1 §3); their numeric value orders them. */
export const USER_TYPES = {
  viewer: '0001',
  dataCollector: '0011',
  editor: '0111',
  support: '1111',
} as const;
export type UserTypeBits = (typeof USER_TYPES)[keyof typeof USER_TYPES];

/** Permission bits on an asset: view 1, create 2, edit 4, admin 8. */
export const PERMISSION_BITS = { view: 1, create: 2, edit: 4, admin: 8 } as const;
export const PERMISSION_STRINGS = ['0001', '0011', '0111', '1111'] as const;

export const ASSET_TYPES = [
  'organization',
  'project',
  'folder',
  'layer',
  'feature',
  'user',
  'store',
  'license',
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export function bitsToNumber(bits: string): number {
  return /^[01]{4}$/.test(bits) ? parseInt(bits, 2) : 0;
}
export function numberToBits(n: number): string {
  return (n & 15).toString(2).padStart(4, '0');
}

/** Spec 1 §6: viewer above 0, collector at 2 or more, editor at 4 or more. */
export const isAtLeastViewer = (userType: string) => bitsToNumber(userType) > 0;
export const isAtLeastCollector = (userType: string) => bitsToNumber(userType) >= 2;
export const isAtLeastEditor = (userType: string) => bitsToNumber(userType) >= 4;
export const isSupport = (userType: string) => userType === USER_TYPES.support;

export const canView = (mask: string) => bitsToNumber(mask) > 0;
export const canCreate = (mask: string) => bitsToNumber(mask) >= 2;
export const canEdit = (mask: string) => bitsToNumber(mask) >= 4;
export const isAdminMask = (mask: string) => (bitsToNumber(mask) & PERMISSION_BITS.admin) !== 0;

export interface PermissionEntry {
  assetTypeName: AssetType;
  assetId: string;
  bitMask: string;
}
