import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MSG, GENERIC_CONTENT_TYPE, USER_TYPES, attachmentCreateQuerySchema } from '@fieldbook/domain';
import {
  attachmentFileError,
  attachmentRights,
  contentTypeOf,
  mapIdOf,
  newUuid,
  noteExcerpt,
  previewKindOf,
  readableBytes,
} from './attachment-rules';

const on = (file_name: string, Vertex?: number) => ({ file_name, Vertex });

describe('attachment checks before sending (spec 3 §5, §9)', () => {
  it('refuses an empty file and one over 5,242,880 bytes, in the server order', () => {
    expect(attachmentFileError({ name: 'a.jpg', size: 0 }, [], undefined)).toBe(ATTACHMENT_MSG.empty);
    expect(attachmentFileError({ name: 'a.jpg', size: 5_242_881 }, [], undefined)).toBe(ATTACHMENT_MSG.tooLarge);
    expect(attachmentFileError({ name: 'a.jpg', size: 5_242_880 }, [], undefined)).toBeUndefined();
    // Size comes before the name: an empty file with a taken name is reported as empty.
    expect(attachmentFileError({ name: 'a.jpg', size: 0 }, [on('a.jpg')], undefined)).toBe(ATTACHMENT_MSG.empty);
  });

  it('refuses a name already used on the same vertex only', () => {
    const existing = [on('pole.jpg'), on('valve.jpg', 2)];
    expect(attachmentFileError({ name: 'pole.jpg', size: 9 }, existing, undefined)).toBe(ATTACHMENT_MSG.duplicateName);
    expect(attachmentFileError({ name: ' pole.jpg ', size: 9 }, existing, undefined)).toBe(
      ATTACHMENT_MSG.duplicateName,
    );
    expect(attachmentFileError({ name: 'pole.jpg', size: 9 }, existing, 0)).toBeUndefined();
    expect(attachmentFileError({ name: 'valve.jpg', size: 9 }, existing, 2)).toBe(ATTACHMENT_MSG.duplicateName);
    expect(attachmentFileError({ name: 'valve.jpg', size: 9 }, existing, undefined)).toBeUndefined();
    // Names compare exactly, as the server's unique index does.
    expect(attachmentFileError({ name: 'POLE.jpg', size: 9 }, existing, undefined)).toBeUndefined();
  });

  it('refuses the second of two files of one batch with the same name', () => {
    const first = { name: 'site.png', size: 9 };
    expect(attachmentFileError({ name: 'site.png', size: 12 }, [], undefined, [first])).toBe(
      ATTACHMENT_MSG.duplicateName,
    );
  });

  it('refuses names that are no file names', () => {
    for (const name of ['', '  ', 'a/b.png', 'a\\b.png', '..', 'tab\there.png', 'x'.repeat(256)])
      expect(attachmentFileError({ name, size: 9 }, [], undefined)).toBe(ATTACHMENT_MSG.badName);
  });

  it('sends unknown types as a generic octet stream', () => {
    expect(contentTypeOf({ type: '' })).toBe(GENERIC_CONTENT_TYPE);
    expect(contentTypeOf({ type: 'image/png' })).toBe('image/png');
  });

  it('previews raster images and PDFs, and offers any other file as a download', () => {
    expect(previewKindOf('image/jpeg')).toBe('image');
    expect(previewKindOf('application/pdf')).toBe('pdf');
    expect(previewKindOf('image/svg+xml')).toBe('file');
    expect(previewKindOf(GENERIC_CONTENT_TYPE)).toBe('file');
  });
});

describe('who may add and change attachments (spec 3 §6)', () => {
  it('lets data collectors and editors with edit rights on a writable layer add and change', () => {
    for (const userType of [USER_TYPES.dataCollector, USER_TYPES.editor])
      expect(attachmentRights({ userType, canEditFeature: true, layerReadOnly: false })).toEqual({
        add: true,
        change: true,
      });
  });

  it('locks a read-only layer and a feature the user cannot edit', () => {
    const readOnly = attachmentRights({ userType: USER_TYPES.editor, canEditFeature: true, layerReadOnly: true });
    expect(readOnly).toEqual({ add: false, change: false });
    const noRight = attachmentRights({ userType: USER_TYPES.editor, canEditFeature: false, layerReadOnly: false });
    expect(noRight).toEqual({ add: false, change: false });
  });

  it('never offers add to a viewer (or before the profile is known)', () => {
    expect(attachmentRights({ userType: USER_TYPES.viewer, canEditFeature: true, layerReadOnly: false }).add).toBe(
      false,
    );
    expect(attachmentRights({ userType: undefined, canEditFeature: true, layerReadOnly: false }).add).toBe(false);
  });
});

describe('attachment texts and ids', () => {
  it('reads sizes and cuts notes to their first line', () => {
    expect(readableBytes(812)).toBe('812 B');
    expect(readableBytes(14_540)).toBe('14.2 KB');
    expect(readableBytes(5_242_880)).toBe('5 MB');
    expect(noteExcerpt('Valve box cracked\nsecond line')).toBe('Valve box cracked');
    expect(noteExcerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(noteExcerpt(undefined)).toBe('');
  });

  it('makes NewIDs and MapIDs the Create call accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, newUuid));
    expect(ids.size).toBe(50);
    const query = {
      NewID: newUuid(),
      FileName: 'pole.jpg',
      MapID: mapIdOf({ id: 'p1', name: 'Downtown' }),
      TableID: newUuid(),
      FeatureID: 'point.12',
    };
    expect(attachmentCreateQuerySchema.safeParse(query).success).toBe(true);
    expect(query.MapID).toBe('p1_Downtown');
  });
});
