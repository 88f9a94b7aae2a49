import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ATTACHMENT_MSG, type Attachment } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { useSession } from '../../../api/session';
import { failureOf } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { ATTACHMENT_SUCCESS_MS, mapIdOf, newUuid } from './attachment-rules';
import { attachmentsApi, createAttachment, refreshAfterChange } from './attachments-api';
import { busy, enqueue, recheck, sendable, update, type QueuedFile } from './upload-queue';

interface Options {
  feature: FeatureOut;
  project: { id: string; name: string } | undefined;
  existing: readonly Attachment[];
  onDone: () => void;
}

/**
 * The upload dialog's work (spec 3 §4): files queued and checked, then sent one after the other —
 * uploading with its progress, the metadata update (the note given in the dialog, and the feature's
 * File_List read again), then success or error per file. All added: the success message and the
 * dialog closes; any refused: the error message and the dialog stays with each file's reason.
 */
export function useAttachmentUpload({ feature, project, existing, onDone }: Options) {
  const client = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [vertex, setVertexState] = useState<number | undefined>(undefined);
  const [note, setNote] = useState('');
  const abort = useRef<AbortController | null>(null);

  const add = (files: File[]) => setQueue((q) => enqueue(q, files, existing, vertex));
  const remove = (key: string) =>
    setQueue((q) =>
      recheck(
        q.filter((i) => i.key !== key),
        existing,
        vertex,
      ),
    );
  const setVertex = (v: number | undefined) => {
    setVertexState(v);
    setQueue((q) => recheck(q, existing, v));
  };
  const patch = (key: string, p: Partial<QueuedFile>) => setQueue((q) => update(q, key, p));

  const sendOne = async (item: QueuedFile, signal: AbortSignal): Promise<string | null> => {
    patch(item.key, { status: 'uploading', progress: 0 });
    try {
      const created = await createAttachment(
        {
          NewID: newUuid(),
          FileName: item.file.name.trim(),
          MapID: project ? mapIdOf(project) : undefined,
          TableID: feature.properties.layer_id,
          FeatureID: feature.id,
          Vertex: vertex,
        },
        item.file,
        (progress) => patch(item.key, { progress }),
        signal,
      );
      patch(item.key, { status: 'metadata', progress: 1 });
      if (note.trim()) await attachmentsApi.updateMeta(created.File_ID, { note: note.trim() });
      await refreshAfterChange(client, orgId, feature.id);
      patch(item.key, { status: 'success' });
      return null;
    } catch (error) {
      const { message } = failureOf(error, ATTACHMENT_MSG.newError);
      patch(item.key, { status: 'error', message });
      return message;
    }
  };

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    const failures: string[] = [];
    let added = 0;
    for (const item of sendable(queue)) {
      if (controller.signal.aborted) break;
      const failure = await sendOne(item, controller.signal);
      if (failure) failures.push(failure);
      else added++;
    }
    abort.current = null;
    if (controller.signal.aborted) return;
    if (failures.length) showSnack(failures[0]!, 'error');
    else {
      showSnack('app.attachment.added', 'success', { count: added }, ATTACHMENT_SUCCESS_MS);
      onDone();
    }
  };

  const reset = () => {
    abort.current?.abort();
    setQueue([]);
    setNote('');
    setVertexState(undefined);
  };

  return {
    queue,
    vertex,
    setVertex,
    note,
    setNote,
    add,
    remove,
    start,
    reset,
    busy: busy(queue),
    canStart: sendable(queue).length > 0 && !busy(queue),
  };
}
