import { describe, expect, it } from 'vitest';
import { MOVE_MSG, MSG } from '@fieldbook/domain';
import { ApiError } from '../api/client';
import { failureOf } from './action-feedback';

const failure = (message: string, code = 'BadRequest') =>
  failureOf(new ApiError(400, code, message), MOVE_MSG.folderError);

describe('failureOf (spec 3 §8: a server message is shown in preference to the fallback)', () => {
  it('shows a specific server id this build knows', () => {
    expect(failure(MOVE_MSG.folderUnique)).toEqual({ message: MOVE_MSG.folderUnique, severity: 'error' });
  });

  it('shows a server text that is not an app.* id as it comes', () => {
    expect(failure('Folder "Poles" is locked by an import')).toEqual({
      message: 'Folder "Poles" is locked by an import',
      severity: 'error',
    });
  });

  it('falls back for generic, unknown or empty server messages and for other errors', () => {
    expect(failure(MSG.errorOccurred).message).toBe(MOVE_MSG.folderError);
    expect(failure('app.some.id.this.build.lacks').message).toBe(MOVE_MSG.folderError);
    expect(failure('   ').message).toBe(MOVE_MSG.folderError);
    expect(failureOf(new Error('boom'), MOVE_MSG.folderError)).toEqual({
      message: MOVE_MSG.folderError,
      severity: 'error',
    });
  });

  it('treats a seat shortage as information', () => {
    expect(failure('app.mm.no-editors-available', 'NoSeatAvailable').severity).toBe('info');
  });
});
