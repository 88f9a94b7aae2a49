import { FEATURE_FORM_MSG, FEATURE_MSG, LOCATE_FORM_ID, oneCallFlags, type AssetRef } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden } from '../http/errors.js';
import { layerContext, load, parseFeatureId } from '../features/service.js';
import { canCreateFeature, canEditFeature, isFeatureAdmin } from '../projects/access.js';

/**
 * Who may do what with a feature's forms (spec 3 §6). Whoever may view the feature reads its forms;
 * adding one takes the right to create features there (data collectors and editors: only they are
 * offered the add button); editing one takes edit-feature rights (else the form is shown read-only);
 * deleting one takes feature admin. Nothing changes on a read-only layer. Another organization's
 * features are not found (404).
 */
export async function featureFormsContext(db: Executor, caller: Caller, feature: { id: string; kind?: string }) {
  const row = await load(db, caller, feature.id, feature.kind || undefined);
  const { layer, chain } = await layerContext(db, caller, row.layer_id);
  const featureChain: AssetRef[] = [{ type: 'feature', id: String(row.id) }, ...chain];
  const writable = !layer.read_only;
  return {
    feature: row,
    layer,
    ref: `${row.kind}.${row.id}`,
    canAdd: writable && row.kind !== 'htmlform_feature' && canCreateFeature(caller, chain),
    canEdit: writable && canEditFeature(caller, featureChain),
    canDelete: writable && isFeatureAdmin(caller, featureChain),
  };
}
export type FeatureFormsContext = Awaited<ReturnType<typeof featureFormsContext>>;

/** The context of a feature the API names ("kind.id" or a number). */
export const featureFormsContextOf = (db: Executor, caller: Caller, featureRef: string) =>
  featureFormsContext(db, caller, parseFeatureId(featureRef));

/** Refuses a write the context does not allow: the read-only layer's message, else 403. */
export function assertAllowed(context: FeatureFormsContext, allowed: boolean) {
  if (context.layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
  if (!allowed) throw forbidden();
}

/** Whether the organization has one-call on: only then is the Locate Form offered. */
export async function locateFormOffered(db: Executor, organizationId: string): Promise<boolean> {
  const org = await db
    .selectFrom('organizations')
    .select('functionality_flags')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return oneCallFlags(org?.functionality_flags ?? null).enabled;
}

/**
 * A form definition the caller's records may use: one of the organization's forms, or the Locate Form
 * shipped for all. A form that is gone (or another organization's: the same answer) or has no script
 * cannot be shown or validated: "invalid form" (spec 3 §5).
 */
export async function usableForm(db: Executor, caller: Pick<Caller, 'organizationId'>, formId: string) {
  const form = await db
    .selectFrom('forms')
    .select(['id', 'name', 'html', 'js', 'organization_id'])
    .where('id', '=', formId)
    .where((eb) =>
      formId === LOCATE_FORM_ID ? eb('organization_id', 'is', null) : eb('organization_id', '=', caller.organizationId),
    )
    .executeTakeFirst();
  if (!form || form.js.trim() === '') throw badRequest(FEATURE_FORM_MSG.invalidForm, 'InvalidForm', { formId });
  return form;
}
