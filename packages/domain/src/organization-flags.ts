/**
 * Functionality flags of an organization (spec 1 §3 and the flags named in specs 2 and 3). A
 * self-service organization starts with every flag on; the operator may switch any off.
 */
export function allFunctionalityFlagsOn(): Record<string, unknown> {
  return {
    onecall_enabled: true,
    onecall: { enabled: true, members: [], positiveResponse: true },
    raster_enabled: true,
    rasterImagery: { enabled: true },
    measurementImportOptions: true,
    siteCalibration: true,
    clients: true,
    organizations: { enabled: true },
    dictionaryStyling: true,
    geoserver: true,
    lineFunctions: true,
    search: true,
    dataOrganization: true,
    sharedLayers: true,
    projectGeoid: true,
    notifications: true,
  };
}

export const ORGANIZATION_TYPES = { plus: 'plus', standard: 'standard' } as const;
