import type { Attachment } from '@fieldbook/domain';
import { attachmentFileError, type FileToAttach } from './attachment-rules';

/**
 * The files of one upload dialog (spec 3 §4 attachment upload: idle, uploading, metadata update,
 * success or error), each with its own state so several files go at once and one refusal does not
 * stop the others. A file the client checks refuse is in error from the start and is never sent.
 */
export type UploadStatus = 'idle' | 'uploading' | 'metadata' | 'success' | 'error';

export interface QueuedFile<F extends FileToAttach = File> {
  key: string;
  file: F;
  status: UploadStatus;
  /** 0–1 while uploading. */
  progress: number;
  /** The message id (or server text) of an error. */
  message?: string;
  /** Refused by the client checks: fixed by removing it or choosing another vertex, never sent. */
  refused?: boolean;
}

type Existing = Pick<Attachment, 'file_name' | 'Vertex'>;

let nextKey = 1;

/** Checks every file not yet sent against the feature's attachments and the files queued before it. */
export function recheck<F extends FileToAttach>(
  queue: QueuedFile<F>[],
  existing: readonly Existing[],
  vertex: number | undefined,
): QueuedFile<F>[] {
  const earlier: F[] = [];
  return queue.map((item) => {
    // Failed on the server: listed with its reason, and its name is free again.
    if (item.status === 'error' && !item.refused) return item;
    // Sent or on its way: its name is taken on this vertex.
    if (item.status !== 'idle' && item.status !== 'error') {
      earlier.push(item.file);
      return item;
    }
    const message = attachmentFileError(item.file, existing, vertex, earlier);
    if (!message) earlier.push(item.file);
    return message
      ? { ...item, status: 'error', message, refused: true }
      : { ...item, status: 'idle', message: undefined, refused: false };
  });
}

/** Adds chosen or dropped files to the queue, checked. */
export function enqueue<F extends FileToAttach>(
  queue: QueuedFile<F>[],
  files: readonly F[],
  existing: readonly Existing[],
  vertex: number | undefined,
): QueuedFile<F>[] {
  const added = files.map((file): QueuedFile<F> => ({ key: `f${nextKey++}`, file, status: 'idle', progress: 0 }));
  return recheck([...queue, ...added], existing, vertex);
}

/** One file's state changed. */
export const update = <F extends FileToAttach>(
  queue: QueuedFile<F>[],
  key: string,
  patch: Partial<QueuedFile<F>>,
): QueuedFile<F>[] => queue.map((item) => (item.key === key ? { ...item, ...patch } : item));

/** The files the upload button sends: those waiting and allowed. */
export const sendable = <F extends FileToAttach>(queue: readonly QueuedFile<F>[]) =>
  queue.filter((item) => item.status === 'idle');

/** Something is on its way: the dialog stays open and its inputs are locked. */
export const busy = (queue: readonly QueuedFile<FileToAttach>[]) =>
  queue.some((item) => item.status === 'uploading' || item.status === 'metadata');

/** How a finished round went: the success message counts files added; failures stay listed with their reason. */
export function outcome(queue: readonly QueuedFile<FileToAttach>[]) {
  return {
    added: queue.filter((i) => i.status === 'success').length,
    failed: queue.filter((i) => i.status === 'error').length,
  };
}
