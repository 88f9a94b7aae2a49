import { isPlusOrganization } from '@fieldbook/domain';
import { useCurrentAccount } from '../../api/accounts';
import { orgFlag } from '../../api/projects';

/** Export needs the search feature and is off for the Plus tier (spec 3 §6); the server refuses the same. */
export function useCanExport(): boolean {
  const organization = useCurrentAccount().data?.organization;
  return !!organization && !isPlusOrganization(organization.type) && orgFlag(organization.functionalityFlags, 'search');
}

/** Raster upload and the measurement import options are organization flags too (spec 3 §1, §6). */
export function useUploadFlags(): { raster: boolean; measurementOptions: boolean } {
  const flags = useCurrentAccount().data?.organization.functionalityFlags;
  return {
    raster: orgFlag(flags, 'rasterImagery') || orgFlag(flags, 'raster_enabled'),
    measurementOptions: orgFlag(flags, 'measurementImportOptions'),
  };
}
