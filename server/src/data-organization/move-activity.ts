import { ACTIVITY_TEXTS, type ActivityCategory } from '@fieldbook/domain';
import { actorOf, recordActivity } from '../activities/record.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';

const MOVED = {
  Layer: ACTIVITY_TEXTS.layerMoved,
  Folder: ACTIVITY_TEXTS.folderMoved,
  Feature: ACTIVITY_TEXTS.featuresMoved,
} as const satisfies Partial<Record<ActivityCategory, string>>;

/**
 * The one entry of a move (spec 3 §5), an Edit with the fixed text the reports count moves by. It
 * belongs to the project the thing moved to; the artifact names where it came from (`fromProjectId`).
 */
export async function recordMove(
  trx: Executor,
  caller: Caller,
  category: keyof typeof MOVED,
  move: { fromProjectId: string; toProjectId: string } & Record<string, unknown>,
) {
  await recordActivity(trx, actorOf(caller), {
    type: 'Edit',
    category,
    message: MOVED[category],
    projectId: move.toProjectId,
    artifact: move,
  });
}
