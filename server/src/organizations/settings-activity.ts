import type { ActivityCategory, ActivityType } from '@fieldbook/domain';
import type { ActivityRecord } from '../activities/record.js';

/**
 * The activity entries of the settings area (issue #14, spec 3 §3): "<Noun> '<name>' added/edited/
 * deleted" with an artifact naming the thing by id and name, so an entry stays readable after the thing
 * is renamed or gone. Organization-wide things have no project.
 */
const PAST: Partial<Record<ActivityType, string>> = { Add: 'added', Edit: 'edited', Delete: 'deleted' };

export interface NamedActivity {
  type: ActivityType;
  /** General unless said (dictionary parts name theirs). */
  category?: ActivityCategory;
  /** What the thing is, capitalised: 'Style', 'Member'. */
  noun: string;
  /** The artifact key of the thing's id: 'styleId', 'accountId'. */
  idKey: string;
  thing: { id: string; name: string };
  /** The past tense the message ends with, when not the type's own ('deactivated', 'promoted to editor'). */
  did?: string;
  projectId?: string | null;
  extra?: Record<string, unknown>;
}

export const namedActivity = (a: NamedActivity): ActivityRecord => ({
  type: a.type,
  category: a.category ?? 'General',
  message: `${a.noun} '${a.thing.name}' ${a.did ?? PAST[a.type] ?? a.type.toLowerCase()}`,
  projectId: a.projectId ?? null,
  artifact: { [a.idKey]: a.thing.id, name: a.thing.name, ...a.extra },
});

/**
 * What an edit changed, for its entry's artifact: the columns whose value differs, and the name before
 * when it was renamed (the message names the new one).
 */
export function editedArtifact<T>(
  before: T,
  after: T,
  columns: readonly (keyof T & string)[],
  nameColumn: keyof T & string,
): { changes: string[]; previousName?: unknown } {
  const changes = columns.filter((c) => JSON.stringify(before[c]) !== JSON.stringify(after[c]));
  return before[nameColumn] === after[nameColumn] ? { changes } : { changes, previousName: before[nameColumn] };
}
