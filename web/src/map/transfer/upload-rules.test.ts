import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, PROJECT_MSG } from '@fieldbook/domain';
import { acceptOf, extensionOf, readableSize, uploadFileError, uploadNameError, uploadNeedsCrs } from './upload-rules';

describe('upload checks (spec 3 §5)', () => {
  it('refuses an empty file, a file over 329,715,200 bytes and a type the upload does not take', () => {
    expect(uploadFileError({ name: 'a.zip', size: 0 }, 'VECTOR')).toBe(IMPORT_MSG.emptyFile);
    expect(uploadFileError({ name: 'a.zip', size: 329_715_201 }, 'VECTOR')).toBe(IMPORT_MSG.tooLarge);
    expect(uploadFileError({ name: 'a.zip', size: 329_715_200 }, 'VECTOR')).toBeUndefined();
    expect(uploadFileError({ name: 'a.tif', size: 10 }, 'VECTOR')).toBe(IMPORT_MSG.invalidType);
    expect(uploadFileError({ name: 'a.KML', size: 10 }, 'VECTOR')).toBeUndefined();
    expect(uploadFileError({ name: 'a.tiff', size: 10 }, 'RASTER')).toBeUndefined();
    expect(uploadFileError({ name: 'noext', size: 10 }, 'VECTOR')).toBe(IMPORT_MSG.invalidType);
  });

  it('names the layer after the file unless that clashes with a layer of the folder', () => {
    expect(uploadNameError('Hydrants', ['Valves'])).toBeUndefined();
    expect(uploadNameError(' hydrants ', ['Hydrants'])).toBe(PROJECT_MSG.layerNameExists);
    expect(uploadNameError('   ', [])).toBeDefined();
    expect(uploadNameError('x'.repeat(129), [])).toBeDefined();
  });

  it('asks for a coordinate system for a zipped raster only', () => {
    expect(uploadNeedsCrs('RASTER', 'ortho.zip')).toBe(true);
    expect(uploadNeedsCrs('RASTER', 'ortho.tif')).toBe(false);
    expect(uploadNeedsCrs('VECTOR', 'parcels.zip')).toBe(false);
  });

  it('lists what the chooser accepts and reads sizes', () => {
    expect(acceptOf('RASTER')).toBe('.zip,.tif,.tiff');
    expect(acceptOf('VECTOR')).toContain('.gpkg');
    expect(extensionOf('a.b.GeoJSON')).toBe('geojson');
    expect(readableSize(329_715_200)).toBe('314 MB');
  });
});
