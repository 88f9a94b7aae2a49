import {
  FEATURE_MSG,
  LINE_FN_MSG,
  joinLines,
  locateVertex,
  removeVertex,
  splitLine,
  type AssetRef,
  type JoinPointsInput,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden } from '../http/errors.js';
import { requireFlag } from '../http/flags.js';
import { canCreateFeature, isFeatureAdmin } from '../projects/access.js';
import { assertEditable, layerContext, load, parseFeatureId, toFeature } from './service.js';
import { addVersion, insertFeature, logFeatures, setGeometry, softDelete } from './store.js';
import { checkedClassification, drawTargetError } from './validate.js';

type Parts = number[][][];

/** A feature the caller may edit, on a writable layer; loaded with its permission chain. */
async function editable(deps: Deps, caller: Caller, idText: string) {
  const parsed = parseFeatureId(idText);
  const row = await load(deps.db, caller, parsed.id, parsed.kind || undefined);
  const { layer, chain } = await layerContext(deps.db, caller, row.layer_id);
  const featureChain: AssetRef[] = [{ type: 'feature', id: String(row.id) }, ...chain];
  assertEditable(caller, row, layer, featureChain);
  const geometry = JSON.parse(row.geometry) as { type: string; coordinates: unknown };
  return { row, layer, chain, featureChain, geometry };
}

async function editableLine(deps: Deps, caller: Caller, idText: string) {
  const f = await editable(deps, caller, idText);
  if (f.row.kind !== 'line') throw badRequest(LINE_FN_MSG.notLine);
  const parts: Parts =
    f.geometry.type === 'LineString' ? [f.geometry.coordinates as number[][]] : (f.geometry.coordinates as Parts);
  return { ...f, parts };
}

const multiLine = (coordinates: Parts) => ({ type: 'MultiLineString', coordinates });
const sameClass = (
  a: { layer_id: string; dictionary_id: string | null; system_id: string | null; component_id: string | null },
  b: typeof a,
) =>
  a.layer_id === b.layer_id &&
  a.dictionary_id === b.dictionary_id &&
  a.system_id === b.system_id &&
  a.component_id === b.component_id;

/** PUT /rest/features/fn/line/removevertex/collected/{id}/{vertex}: the vertex goes, the line stays. */
export async function removeLineVertex(deps: Deps, caller: Caller, idText: string, vertex: number) {
  await requireFlag(deps.db, caller, 'lineFunctions', LINE_FN_MSG.disabled);
  const line = await editableLine(deps, caller, idText);
  if (!locateVertex(line.parts, vertex)) throw badRequest(LINE_FN_MSG.badVertex);
  const parts = removeVertex(line.parts, vertex);
  if (!parts) throw badRequest(LINE_FN_MSG.tooFewVertices);
  await deps.db.transaction().execute(async (trx) => {
    await addVersion(trx, caller, line.row.id, 'Edit', toFeature(line.row));
    await setGeometry(trx, caller, line.row, multiLine(parts));
    await logFeatures(trx, caller, 'Edit', [line.row.id]);
  });
  return toFeature(await load(deps.db, caller, line.row.id));
}

/** POST /rest/features/fn/line/split/{id}/{vertex}: two lines meeting at the vertex; the second copies the attributes. */
export async function splitLineAt(deps: Deps, caller: Caller, idText: string, vertex: number) {
  await requireFlag(deps.db, caller, 'lineFunctions', LINE_FN_MSG.disabled);
  const line = await editableLine(deps, caller, idText);
  if (!canCreateFeature(caller, line.chain)) throw forbidden();
  const halves = splitLine(line.parts, vertex);
  if (!halves) throw badRequest(LINE_FN_MSG.badVertex);
  const secondId = await deps.db.transaction().execute(async (trx) => {
    await addVersion(trx, caller, line.row.id, 'Edit', toFeature(line.row));
    await setGeometry(trx, caller, line.row, multiLine(halves[0]));
    const addedId = await insertFeature(trx, caller, { ...line.row, geometry: multiLine(halves[1]) });
    // A split is an Edit of the original (now the first half) and an Add of the second half.
    await logFeatures(trx, caller, 'Edit', [line.row.id]);
    await logFeatures(trx, caller, 'Add', [addedId]);
    return addedId;
  });
  return {
    features: [toFeature(await load(deps.db, caller, line.row.id)), toFeature(await load(deps.db, caller, secondId))],
  };
}

/** POST /rest/features/fn/line/join/{id1}/{id2}: lines of one layer and classification become the first; the second is removed. */
export async function joinTwoLines(deps: Deps, caller: Caller, firstId: string, secondId: string) {
  await requireFlag(deps.db, caller, 'lineFunctions', LINE_FN_MSG.disabled);
  const first = await editableLine(deps, caller, firstId);
  const second = await editableLine(deps, caller, secondId);
  if (first.row.id === second.row.id) throw badRequest(LINE_FN_MSG.joinSame);
  // The join removes the second line, which is a feature delete: feature admins only (spec 3 §6).
  if (!isFeatureAdmin(caller, second.featureChain)) throw forbidden();
  if (!sameClass(first.row, second.row)) throw badRequest(LINE_FN_MSG.joinSelectError);
  const joined = joinLines(first.parts, second.parts);
  await deps.db.transaction().execute(async (trx) => {
    await addVersion(trx, caller, first.row.id, 'Edit', toFeature(first.row));
    await setGeometry(trx, caller, first.row, multiLine(joined));
    await addVersion(trx, caller, second.row.id, 'Delete', toFeature(second.row));
    await softDelete(trx, caller, second.row);
    // A join is an Edit of the kept line and a Delete of the one it absorbed.
    await logFeatures(trx, caller, 'Edit', [first.row.id]);
    await logFeatures(trx, caller, 'Delete', [second.row.id]);
  });
  return toFeature(await load(deps.db, caller, first.row.id));
}

/**
 * POST /rest/features/fn/line/join/points: points of one layer and classification, in the order given,
 * become a line in a line layer of the same folder. The points stay.
 */
export async function joinPointsIntoLine(deps: Deps, caller: Caller, input: JoinPointsInput) {
  await requireFlag(deps.db, caller, 'lineFunctions', LINE_FN_MSG.disabled);
  const ids = [...new Set(input.featureIds)];
  if (ids.length < 2) throw badRequest(LINE_FN_MSG.pointsTooFew);
  const points = [];
  for (const id of ids) {
    const parsed = parseFeatureId(id);
    const row = await load(deps.db, caller, parsed.id, parsed.kind || undefined);
    await layerContext(deps.db, caller, row.layer_id);
    if (row.kind !== 'point') throw badRequest(LINE_FN_MSG.pointsNotPoint);
    if (points.length && !sameClass(points[0], row)) throw badRequest(LINE_FN_MSG.pointsSelectError);
    points.push(row);
  }
  const { layer, chain } = await layerContext(deps.db, caller, input.layerId);
  if (layer.folder_id !== points[0].folder_id || drawTargetError(layer, 'line'))
    throw badRequest(LINE_FN_MSG.pointsLayer);
  if (!canCreateFeature(caller, chain)) throw forbidden();
  if (layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
  if (!layer.is_active) throw badRequest(FEATURE_MSG.layerInactive);
  const classification = await checkedClassification(deps.db, layer, 'line', {
    dictionaryId: points[0].dictionary_id,
    systemId: input.componentId ? points[0].system_id : null,
    componentId: input.componentId ?? null,
    attributes: input.attributes,
  });
  const coordinates = points.map((p) => (JSON.parse(p.geometry) as { coordinates: number[] }).coordinates);
  const id = await deps.db.transaction().execute(async (trx) => {
    const lineId = await insertFeature(trx, caller, {
      kind: 'line',
      layer_id: layer.id,
      project_id: layer.project_id,
      geometry: multiLine([coordinates]),
      dictionary_id: classification.dictionaryId,
      system_id: classification.systemId,
      component_id: classification.componentId,
      attributes: classification.attributes,
      metadata: null,
      properties: {},
    });
    // The points stay as they were: the only entry is the new line's Add.
    await logFeatures(trx, caller, 'Add', [lineId]);
    return lineId;
  });
  return toFeature(await load(deps.db, caller, id));
}
