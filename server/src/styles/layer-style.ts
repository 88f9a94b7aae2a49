import { sql } from 'kysely';
import { MAP_SERVICE_MSG, layerStyleSchema, type LayerStyleOut } from '@fieldbook/domain';
import type { z } from 'zod';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { layerContext } from '../features/service.js';
import { canEdit, requireRight } from '../projects/access.js';
import { readableDictionary } from '../dictionaries/access.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { layerActivity } from '../projects/activity.js';

/** Drawing layers hold one geometry kind; the others (imported) are read from their first feature. */
const GEOMETRY_OF_SERVER_NAME: Record<string, string> = {
  point: 'ST_Point',
  line: 'ST_MultiLineString',
  polygon: 'ST_MultiPolygon',
};

/** The dictionary component type that suits a PostGIS geometry type. */
function componentTypeOf(geometryType: string): string {
  if (/Point/i.test(geometryType)) return 'Point';
  if (/Line/i.test(geometryType)) return 'Line';
  return 'Polygon';
}

async function geometryTypeOf(db: Executor, layerId: string): Promise<string | null> {
  const layer = await db.selectFrom('layers').select('server_name').where('id', '=', layerId).executeTakeFirstOrThrow();
  const known = GEOMETRY_OF_SERVER_NAME[layer.server_name ?? ''];
  if (known) return known;
  const r = await sql<{
    t: string;
  }>`SELECT ST_GeometryType(geom) AS t FROM features WHERE layer_id = ${layerId} AND deleted_at IS NULL LIMIT 1`.execute(
    db,
  );
  return r.rows[0]?.t ?? null;
}

async function present(db: Executor, layerId: string): Promise<LayerStyleOut> {
  const row = await db
    .selectFrom('layer_dictionary_styles')
    .innerJoin('systems', 'systems.id', 'layer_dictionary_styles.system_id')
    .select(['layer_dictionary_styles.system_id', 'layer_dictionary_styles.component_id', 'systems.dictionary_id'])
    .where('layer_dictionary_styles.layer_id', '=', layerId)
    .executeTakeFirst();
  return {
    layer_id: layerId,
    dictionary_id: row?.dictionary_id ?? null,
    system_id: row?.system_id ?? null,
    component_id: row?.component_id ?? null,
    st_geometrytype: await geometryTypeOf(db, layerId),
  };
}

/** The dictionary styling a layer is drawn with (all nulls when it draws each feature by its own class). */
export async function getLayerStyle(deps: Deps, caller: Caller, layerId: string): Promise<LayerStyleOut> {
  await layerContext(deps.db, caller, layerId);
  return present(deps.db, layerId);
}

/**
 * The dictionary, system and component a style names must be readable by the caller (their
 * organization's or a provider template's): another organization's, or an unknown id, is not found
 * rather than "not of this dictionary", which would tell the two apart.
 */
async function checkedReferences(db: Executor, caller: Caller, input: z.output<typeof layerStyleSchema>) {
  await readableDictionary(db, caller, input.dictionaryId);
  const system = await db
    .selectFrom('systems')
    .select('dictionary_id')
    .where('id', '=', input.systemId)
    .executeTakeFirst();
  if (!system) throw notFound();
  await readableDictionary(db, caller, system.dictionary_id);
  if (!input.componentId) return;
  const component = await db
    .selectFrom('components')
    .innerJoin('systems', 'systems.id', 'components.system_id')
    .select('systems.dictionary_id')
    .where('components.id', '=', input.componentId)
    .executeTakeFirst();
  if (!component) throw notFound();
  await readableDictionary(db, caller, component.dictionary_id);
}

/**
 * Makes every feature of a layer draw with one system's colour or one component's styling. The
 * system and component must belong to the project's dictionary and the component must suit the
 * layer's geometry. The row's update time keys cached tiles, so the map changes at once.
 */
export async function setLayerStyle(
  deps: Deps,
  caller: Caller,
  layerId: string,
  input: z.output<typeof layerStyleSchema>,
): Promise<LayerStyleOut> {
  const { layer, chain } = await layerContext(deps.db, caller, layerId);
  requireRight(canEdit(caller, chain));
  await checkedReferences(deps.db, caller, input);
  if (input.dictionaryId !== layer.dictionary_id) throw badRequest(MAP_SERVICE_MSG.styleDictionary);
  const system = await deps.db
    .selectFrom('systems')
    .select('id')
    .where('id', '=', input.systemId)
    .where('dictionary_id', '=', layer.dictionary_id)
    .executeTakeFirst();
  if (!system) throw badRequest(MAP_SERVICE_MSG.styleDictionary);
  if (input.componentId) {
    const component = await deps.db
      .selectFrom('components')
      .innerJoin('component_types', 'component_types.id', 'components.component_type_id')
      .select('component_types.name as type')
      .where('components.id', '=', input.componentId)
      .where('components.system_id', '=', system.id)
      .executeTakeFirst();
    if (!component) throw badRequest(MAP_SERVICE_MSG.styleDictionary);
    const geometryType = await geometryTypeOf(deps.db, layer.id);
    if (geometryType && componentTypeOf(geometryType) !== component.type)
      throw badRequest(MAP_SERVICE_MSG.styleComponentType);
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('layer_dictionary_styles')
      .values({
        layer_id: layer.id,
        system_id: system.id,
        component_id: input.componentId ?? null,
        updated_at: new Date(),
      })
      .onConflict((oc) =>
        oc
          .column('layer_id')
          .doUpdateSet({ system_id: system.id, component_id: input.componentId ?? null, updated_at: new Date() }),
      )
      .execute();
    // A style change is a layer edit (spec 3 §3 category Layer).
    const named = await trx.selectFrom('layers').selectAll().where('id', '=', layer.id).executeTakeFirstOrThrow();
    await recordActivity(
      trx,
      actorOf(caller),
      layerActivity('Edit', named, {
        changes: ['style'],
        style: { systemId: system.id, componentId: input.componentId ?? null },
      }),
    );
  });
  return present(deps.db, layer.id);
}
