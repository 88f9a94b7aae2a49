import { ACTIVITY_TEXTS, type ActivityCategory, type ActivityType } from '@fieldbook/domain';
import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';

/**
 * Writing the activity log (issue #14). Every write of every area calls one of these with its own
 * transaction, so an entry exists exactly when the write committed. Entries take the transaction's time
 * (`now()`, to the millisecond), the same instant as the feature versions the write made: restoring a
 * feature "from the entry's time" finds the state that write left.
 */

/** Who did it, as the log keeps them: an entry stays readable after the account is gone. */
export interface ActivityActor {
  organizationId: string;
  accountId: string | null;
  email: string | null;
  userType: string | null;
}

export const actorOf = (caller: Caller): ActivityActor => ({
  organizationId: caller.organizationId,
  accountId: caller.accountId,
  email: caller.email,
  userType: caller.userType,
});

export interface ActivityRecord {
  type: ActivityType;
  category: ActivityCategory;
  message: string;
  projectId?: string | null;
  artifact?: Record<string, unknown> | null;
}

const ENTRY_TIME = sql<Date>`date_trunc('milliseconds', now())`;

export async function recordActivity(db: Executor, actor: ActivityActor, entry: ActivityRecord): Promise<void> {
  await db
    .insertInto('activities')
    .values({
      organization_id: actor.organizationId,
      account_id: actor.accountId,
      actor_email: actor.email,
      actor_type: actor.userType,
      type: entry.type,
      category: entry.category,
      message: entry.message,
      project_id: entry.projectId ?? null,
      artifact: entry.artifact ? JSON.stringify(entry.artifact) : null,
      occurred_at: ENTRY_TIME,
    })
    .execute();
}

export interface FeatureActivity {
  type: Extract<ActivityType, 'Add' | 'Edit' | 'Delete' | 'Restore'>;
  /** Feature row ids (numbers as text); one entry per feature. */
  featureIds: readonly (string | number)[];
  /** Defaults to "<Type> <kind>.<id>". */
  message?: string;
  /** Merged into each entry's artifact (e.g. the time a restore went back to). */
  extra?: Record<string, unknown>;
}

/**
 * One entry per feature, written from the feature rows themselves in one statement: the artifact holds
 * the feature id, kind, layer and its metadata (with File_List, spec 3 §3), and what the collection
 * report sums (length in metres of lines and polygon rings, vertex count) — these also as columns, which
 * the reports read from an index (migration 025). Call it after an Add/Edit/
 * Restore and before or after a soft Delete alike: deleted rows are still there.
 */
export async function recordFeatureActivity(db: Executor, actor: ActivityActor, a: FeatureActivity): Promise<void> {
  if (a.featureIds.length === 0) return;
  const ids = a.featureIds.map(String);
  const message = a.message ?? null;
  await sql`
    INSERT INTO activities (organization_id, account_id, actor_email, actor_type, type, category, message,
                            project_id, artifact, occurred_at, feature_kind, length_m, vertices)
    SELECT ${actor.organizationId}::uuid, ${actor.accountId}::uuid, ${actor.email}, ${actor.userType},
           ${a.type}, 'Feature',
           coalesce(${message}::text, ${a.type} || ' ' || f.kind || '.' || f.id),
           f.project_id,
           jsonb_build_object(
             'featureId', f.kind || '.' || f.id,
             'kind', f.kind,
             'layerId', f.layer_id,
             'layerName', l.name,
             'metadata', coalesce(f.metadata, '{}'::jsonb),
             'lengthM', m.length_m,
             'vertices', m.vertices
           ) || ${JSON.stringify(a.extra ?? {})}::jsonb,
           ${ENTRY_TIME}, f.kind, m.length_m, m.vertices
    FROM features f LEFT JOIN layers l ON l.id = f.layer_id
    CROSS JOIN LATERAL (SELECT
      round(CASE f.kind WHEN 'line' THEN ST_Length(ST_Force2D(f.geom)::geography)
                        WHEN 'polygon' THEN ST_Perimeter(ST_Force2D(f.geom)::geography)
                        ELSE 0 END::numeric, 3)::double precision AS length_m,
      ST_NPoints(f.geom) AS vertices) m
    WHERE f.id = ANY(${ids}::bigint[]) AND f.organization_id = ${actor.organizationId}::uuid
    ORDER BY f.id`.execute(db);
}

export { ACTIVITY_TEXTS };

/** The actor for a write made outside a request's caller (sign-in, password reset, a job's worker). */
export async function actorOfAccount(db: Executor, accountId: string, organizationId: string): Promise<ActivityActor> {
  const row = await db
    .selectFrom('accounts')
    .leftJoin('memberships', (j) =>
      j.onRef('memberships.account_id', '=', 'accounts.id').on('memberships.organization_id', '=', organizationId),
    )
    .select(['accounts.email', 'memberships.user_type'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
  return { organizationId, accountId, email: row?.email ?? null, userType: row?.user_type ?? null };
}

/** Sign-ins and password changes (spec 1 §7, spec 3 §3 Login): category General, no project. */
export const AUTH_ACTIVITIES = {
  signIn: { type: 'Login', category: 'General', message: ACTIVITY_TEXTS.signedIn },
  passwordChange: { type: 'Edit', category: 'General', message: ACTIVITY_TEXTS.passwordChanged },
  passwordReset: { type: 'Edit', category: 'General', message: ACTIVITY_TEXTS.passwordReset },
} as const satisfies Record<string, ActivityRecord>;
