import { describe, expect, it } from 'vitest';
import { EXPORT_MSG } from '@fieldbook/domain';
import { crsLocked, exportBody, exportFormErrors, formatsFor, initialExportForm } from './export-form';

const layerId = '5d2c1c1e-7c61-4d1c-9a53-1f8c0b9f0a11';
const projectId = '0f9a3a52-2c1d-4b7e-8d1e-3b2f4e5a6c7d';

describe('export form (spec 3 §5, §9)', () => {
  it('offers every format for a layer and the container formats for a folder or project, the first chosen', () => {
    expect(formatsFor('layer')).toEqual([
      'CSV',
      'PNEZD',
      'GeoJSON',
      'FileGDB',
      'KML',
      'KMZ',
      'Shapefile',
      'DGN',
      'DXF',
    ]);
    expect(formatsFor('project')).toEqual(['FileGDB', 'KML', 'KMZ', 'Shapefile', 'DGN', 'DXF']);
    expect(initialExportForm('folder', 'North', 'a@b.co').format).toBe('FileGDB');
  });

  it('opens with the cleaned item name, the e-mail, EPSG:4326 and all measurement fields', () => {
    const form = initialExportForm('layer', 'Fire Hydrants #2', 'ann@example.com');
    expect(form).toMatchObject({
      format: 'CSV',
      fileName: 'FireHydrants2',
      email: 'ann@example.com',
      crs: { kind: 'epsg', code: 'EPSG:4326' },
      measurements: ['Elevation', 'Altitude', 'Antenna', 'Depth'],
    });
    expect(exportFormErrors(form, 'layer', layerId, projectId)).toEqual({});
  });

  it('sends the chosen system, except for GeoJSON, KML and KMZ which are always 4326', () => {
    const form = { ...initialExportForm('layer', 'x', 'a@b.co'), crs: { kind: 'epsg' as const, code: 'EPSG:2231' } };
    expect(exportBody(form, 'layer', layerId, projectId)).toMatchObject({
      projString: 'EPSG:2231',
      layerId,
      projectId,
    });
    expect(exportBody(form, 'layer', layerId, projectId).exportAttachments).toBe(false);
    expect(exportBody({ ...form, attachments: true }, 'layer', layerId, projectId).exportAttachments).toBe(true);
    expect(crsLocked('KMZ')).toBe(true);
    expect(exportBody({ ...form, format: 'KMZ' }, 'layer', layerId, projectId).projString).toBeUndefined();
  });

  it('refuses a missing file name, a bad e-mail, a Shapefile in the site calibration and a bad point number', () => {
    const form = initialExportForm('layer', 'x', 'a@b.co');
    expect(exportFormErrors({ ...form, fileName: '///' }, 'layer', layerId, projectId).fileName).toBe(
      EXPORT_MSG.fileNameRequired,
    );
    expect(exportFormErrors({ ...form, email: 'nope' }, 'layer', layerId, projectId).email).toBeDefined();
    const site = { ...form, format: 'Shapefile' as const, crs: { kind: 'site' as const, wkt: 'PROJCS["x"]' } };
    expect(exportFormErrors(site, 'layer', layerId, projectId).format).toBe(EXPORT_MSG.shapefileSiteCalibration);
    expect(
      exportFormErrors({ ...form, format: 'PNEZD', pointNumber: '1.5' }, 'layer', layerId, projectId).pointNumber,
    ).toBe('app.export.point-number.invalid');
    expect(exportBody({ ...form, format: 'PNEZD', pointNumber: '-7' }, 'layer', layerId, projectId).pointNumber).toBe(
      -7,
    );
  });
});
