import { sql } from 'kysely';
import { FEATURE_MSG, MAP_SERVICE_MSG, type FeatureInput } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import { joinedTransaction } from '../db/joined-transaction.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden } from '../http/errors.js';
import { checkedNewFeature, deleteFeatures, layerContext, updateFeature } from '../features/service.js';
import { insertFeaturesBulk, type BulkFeature } from '../features/bulk-insert.js';
import { logFeatures } from '../features/store.js';
import { kindOfGeometry } from '../features/routes.js';
import {
  WFS_TRANSACTION_MAX_OPERATIONS,
  WFS_TRANSACTION_MAX_UPDATES,
  parseTransaction,
  type TxInsertFeature,
  type TxValue,
} from './wfs-transaction-parse.js';
import {
  currentOf,
  inputOf,
  invalid,
  prepared,
  yieldToOtherRequests,
  type TxColumns,
} from './wfs-transaction-values.js';
import { namesLayer, publishedNames } from './published-names.js';
import { wfsColumns, type WfsColumn } from './wfs-columns.js';
import type { CqlNode } from './cql.js';
import { cqlToSql } from './cql-sql.js';
import { idsOnly } from './fes.js';
import { FILTER_JOINS } from './wfs-query.js';
import { OgcError, xmlEscape } from './xml.js';

/**
 * The features an Update or Delete names: its id list as given (an id of another layer is refused
 * later), or the layer's features its predicates match (GDAL's `DELETE FROM … WHERE`, QGIS's
 * select-and-delete), capped like an id list.
 */
async function idsOf(
  db: Executor,
  layer: { id: string; dictionary_id: string },
  columns: WfsColumn[],
  op: { op: 'update' | 'delete'; filter: CqlNode },
): Promise<string[]> {
  const listed = idsOnly(op.filter);
  if (listed) return listed;
  const cap = op.op === 'update' ? WFS_TRANSACTION_MAX_UPDATES : WFS_TRANSACTION_MAX_OPERATIONS;
  const where = await cqlToSql(db, layer.dictionary_id, op.filter, columns);
  const rows = await sql<{ id: string }>`
    SELECT f.id::text AS id FROM features f ${FILTER_JOINS}
    WHERE f.layer_id = ${layer.id} AND f.deleted_at IS NULL AND ${where} ORDER BY f.id LIMIT ${cap + 1}`.execute(db);
  if (rows.rows.length > cap)
    throw new OgcError(
      'OperationProcessingFailed',
      'Filter',
      `The ${op.op === 'update' ? 'Update' : 'Delete'} filter matches more than ${cap} features; narrow it or send several`,
    );
  return rows.rows.map((r) => r.id);
}

export interface TransactionResult {
  inserted: Array<{ rid: string; handle?: string }>;
  updated: number;
  deleted: number;
}

/**
 * A WFS-T Transaction on one layer with the feature services' rules (rights, read-only layers,
 * dictionary validation, versions, data-version bumps) inside ONE database transaction, so any
 * refusal leaves the layer as it was. On PGlite that transaction holds the only connection, so it
 * must be short (issue 17): geometries are read and inserted features checked before it opens, each
 * run of Inserts is one statement and each Delete one per write. Updates go feature by feature
 * through updateFeature, hence their lower cap (WFS_TRANSACTION_MAX_UPDATES).
 * Each inserted, updated and deleted feature logs its activity entry in that same transaction (Updates
 * and Deletes through the feature services), as `caller`: through a client key that is the key's
 * member (clientKeyCaller loads their account), so an entry always names a person.
 */
export async function runTransaction(
  deps: Deps,
  caller: Caller,
  layerId: string,
  xml: string,
): Promise<TransactionResult> {
  const operations = parseTransaction(xml);
  const context = await layerContext(deps.db, caller, layerId);
  const { layer } = context;
  const named = { id: layer.id, typeName: (await publishedNames(deps.db, layer.project_id)).get(layer.id) };
  const published = await wfsColumns(deps.db, { id: layer.id, kind: layer.server_name });
  const columns: TxColumns = {
    fields: new Set(published.filter((c) => c.source === 'field').map((c) => c.name)),
    readOnly: new Set(published.filter((c) => c.source === 'attribute').map((c) => c.name)),
  };
  for (const op of operations) {
    for (const t of op.op === 'insert' ? op.features.map((f) => f.typeName) : [op.typeName])
      if (!namesLayer(named, t)) invalid('typeName', `Unknown type ${t}`);
  }
  // A drawing layer holds one kind; an imported one takes the kind of each geometry.
  const kindOf = (g: FeatureInput['geometry']) =>
    layer.server_name === 'point' || layer.server_name === 'line' || layer.server_name === 'polygon'
      ? layer.server_name
      : kindOfGeometry(g.type);
  const written = operations.flatMap((op): Array<[object, Map<string, TxValue>]> =>
    op.op === 'insert' ? op.features.map((f) => [f, f.values]) : op.op === 'update' ? [[op, op.values]] : [],
  );
  const converted = await prepared(
    deps.db,
    written.map(([, v]) => v),
  );
  const values = new Map(written.map(([key], i) => [key, converted[i]]));
  const inserts = new Map<TxInsertFeature, BulkFeature>();
  for (const f of operations.flatMap((op) => (op.op === 'insert' ? op.features : []))) {
    const input = await inputOf(deps.db, layer, values.get(f)!, { properties: { layer_id: layer.id } }, columns);
    const checked = await checkedNewFeature(deps.db, caller, context, kindOf(input.geometry), input);
    const c = checked.classification;
    inserts.set(f, {
      kind: checked.kind,
      geometry: checked.geometry,
      dictionaryId: c.dictionaryId,
      systemId: c.systemId,
      componentId: c.componentId,
      attributes: c.attributes,
      properties: checked.properties,
      fieldValues: checked.fieldValues,
    });
    if (inserts.size % 100 === 0) await yieldToOtherRequests();
  }
  const target = {
    organizationId: caller.organizationId,
    projectId: layer.project_id,
    layerId: layer.id,
    dictionaryId: null,
    accountId: caller.accountId,
  };
  return deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: joinedTransaction(trx) };
    // The layer may have been locked or disabled while the features were checked.
    const now = await trx
      .selectFrom('layers')
      .select(['read_only', 'is_active'])
      .where('id', '=', layer.id)
      .executeTakeFirstOrThrow();
    if (inserts.size && now.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
    if (inserts.size && !now.is_active) throw badRequest(FEATURE_MSG.layerInactive);
    const result: TransactionResult = { inserted: [], updated: 0, deleted: 0 };
    let pending: Array<{ feature: TxInsertFeature; handle?: string }> = [];
    const flushInserts = async () => {
      if (pending.length === 0) return;
      const ids = await insertFeaturesBulk(
        trx,
        target,
        pending.map((p) => inserts.get(p.feature)!),
      );
      // One Add entry per feature, in one INSERT…SELECT (no round trip per row).
      await logFeatures(trx, caller, 'Add', ids);
      ids.forEach((id, i) =>
        result.inserted.push({ rid: `${inserts.get(pending[i].feature)!.kind}.${id}`, handle: pending[i].handle }),
      );
      pending = [];
    };
    for (const op of operations) {
      if (op.op === 'insert') {
        pending.push(...op.features.map((feature) => ({ feature, handle: feature.handle ?? op.handle })));
        continue;
      }
      await flushInserts();
      const ids = await idsOf(trx, layer, published, op);
      // A filter that matched nothing changes nothing (an empty id list is no SQL list).
      if (ids.length === 0) continue;
      if (op.op === 'delete') {
        result.deleted += await deleteFeatures(
          tx.db,
          caller,
          { ...context, layer: { ...layer, read_only: now.read_only } },
          ids,
          MAP_SERVICE_MSG.transactionFeatureLayer,
        );
        continue;
      }
      for (const id of ids) {
        const base = await currentOf(tx.db, caller, layer.id, id);
        await updateFeature(tx, caller, undefined, id, await inputOf(tx.db, layer, values.get(op)!, base, columns));
        result.updated++;
      }
    }
    await flushInserts();
    return result;
  });
}

/** Each inserted feature also as a WFS 1.1 ogc:FeatureId, which GDAL's WFS-T reads (issue #11). */
export function transactionResponse(r: TransactionResult): string {
  const inserted = r.inserted.length
    ? `\n  <wfs:InsertResults>\n${r.inserted.map((i) => `    <wfs:Feature${i.handle ? ` handle="${xmlEscape(i.handle)}"` : ''}><fes:ResourceId rid="${xmlEscape(i.rid)}"/><ogc:FeatureId fid="${xmlEscape(i.rid)}"/></wfs:Feature>`).join('\n')}\n  </wfs:InsertResults>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:TransactionResponse xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:ogc="http://www.opengis.net/ogc" version="2.0.0">
  <wfs:TransactionSummary>
    <wfs:totalInserted>${r.inserted.length}</wfs:totalInserted>
    <wfs:totalUpdated>${r.updated}</wfs:totalUpdated>
    <wfs:totalReplaced>0</wfs:totalReplaced>
    <wfs:totalDeleted>${r.deleted}</wfs:totalDeleted>
  </wfs:TransactionSummary>${inserted}
</wfs:TransactionResponse>`;
}
