import { describe, expect, it } from 'vitest';
import { systemNameOf } from './system-names.js';

describe('names the system gives folders and layers', () => {
  it('are recognised on system-made folders and layers, with the number that made them unique', () => {
    expect(systemNameOf({ name: 'Forms', folderType: '2' })).toEqual({
      messageId: 'app.system-name.forms',
      suffix: '',
    });
    expect(systemNameOf({ name: 'Leaders 2', serverName: 'leader' })).toEqual({
      messageId: 'app.system-name.leaders',
      suffix: ' 2',
    });
    expect(systemNameOf({ name: 'Points', serverName: 'point' })?.messageId).toBe('app.system-name.points');
  });

  it("leave a user's own names and renamed system layers alone", () => {
    expect(systemNameOf({ name: 'Forms', folderType: '0' })).toBeNull();
    expect(systemNameOf({ name: 'Hydrants', serverName: 'point' })).toBeNull();
    expect(systemNameOf({ name: 'Points', serverName: 'layer_upload' })).toBeNull();
  });
});
