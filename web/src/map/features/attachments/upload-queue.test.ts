import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MSG } from '@fieldbook/domain';
import { busy, enqueue, outcome, recheck, sendable, update } from './upload-queue';

const file = (name: string, size = 10) => ({ name, size });

describe('upload queue (spec 3 §4 idle, uploading, metadata update, success or error)', () => {
  it('queues several files, refusing before sending those the server would refuse', () => {
    const queue = enqueue([], [file('a.png'), file('empty.png', 0), file('a.png'), file('b.pdf')], [], undefined);
    expect(queue.map((i) => [i.file.name, i.status, i.message ?? null])).toEqual([
      ['a.png', 'idle', null],
      ['empty.png', 'error', ATTACHMENT_MSG.empty],
      ['a.png', 'error', ATTACHMENT_MSG.duplicateName],
      ['b.pdf', 'idle', null],
    ]);
    expect(sendable(queue).map((i) => i.file.name)).toEqual(['a.png', 'b.pdf']);
  });

  it('checks again when the vertex changes or a clashing file is removed', () => {
    const existing = [{ file_name: 'pole.jpg', Vertex: 1 }];
    let queue = enqueue([], [file('pole.jpg')], existing, 1);
    expect(queue[0]!.message).toBe(ATTACHMENT_MSG.duplicateName);
    queue = recheck(queue, existing, undefined);
    expect(queue[0]!.status).toBe('idle');

    queue = enqueue([], [file('x.png'), file('x.png')], [], undefined);
    expect(queue[1]!.refused).toBe(true);
    queue = recheck(
      queue.filter((i) => i !== queue[0]),
      [],
      undefined,
    );
    expect(queue[0]!.status).toBe('idle');
  });

  it('follows each file through its states; a name sent is taken, one that failed on the server is free', () => {
    let queue = enqueue([], [file('a.png'), file('b.png')], [], undefined);
    const [a, b] = queue;
    queue = update(queue, a!.key, { status: 'uploading', progress: 0.4 });
    expect(busy(queue)).toBe(true);
    queue = update(queue, a!.key, { status: 'metadata' });
    expect(busy(queue)).toBe(true);
    queue = update(queue, a!.key, { status: 'success' });
    queue = update(queue, b!.key, { status: 'error', message: ATTACHMENT_MSG.newError });
    expect(busy(queue)).toBe(false);
    expect(outcome(queue)).toEqual({ added: 1, failed: 1 });

    queue = enqueue(queue, [file('a.png'), file('b.png')], [], undefined);
    expect(queue.slice(2).map((i) => i.message ?? i.status)).toEqual([ATTACHMENT_MSG.duplicateName, 'idle']);
  });
});
