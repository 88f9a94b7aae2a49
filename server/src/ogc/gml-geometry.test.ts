import { describe, expect, it } from 'vitest';
import { parseTransaction } from './wfs-transaction-parse.js';
import { gmlGeometry } from './gml-geometry.js';

/** The GML geometry of a one-feature Insert, as a WFS client sends it. */
function geometryOf(gml: string) {
  const ops = parseTransaction(
    `<wfs:Transaction service="WFS" version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:fb="http://fieldbook.app/wfs">` +
      `<wfs:Insert><fb:layer_x><fb:geometry>${gml}</fb:geometry></fb:layer_x></wfs:Insert></wfs:Transaction>`,
  );
  const op = ops[0];
  if (op.op !== 'insert') throw new Error('not an insert');
  const value = op.features[0].values.get('geometry');
  if (!value || !('gml' in value)) throw new Error('no geometry');
  return gmlGeometry(value.gml, value.srsName);
}

describe('GML geometries read without PostGIS', () => {
  it('reads points in each axis order and dimension GDAL and QGIS send', () => {
    // The URN form of EPSG:4326 is latitude first; EPSG:4326 and CRS84 are longitude first.
    expect(
      geometryOf('<gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>40 -105</gml:pos></gml:Point>'),
    ).toEqual({
      geometry: { type: 'Point', coordinates: [-105, 40] },
      srid: 4326,
    });
    expect(
      geometryOf('<gml:Point srsName="EPSG:4326"><gml:pos>-105 40</gml:pos></gml:Point>')?.geometry.coordinates,
    ).toEqual([-105, 40]);
    // Three values without srsDimension (GDAL's 3D points) keep their Z.
    expect(
      geometryOf('<gml:Point srsName="EPSG:4326"><gml:pos>-105 40 1650.5</gml:pos></gml:Point>')?.geometry.coordinates,
    ).toEqual([-105, 40, 1650.5]);
    expect(geometryOf('<gml:Point srsName="EPSG:3857"><gml:pos>-11688546 4865942</gml:pos></gml:Point>')?.srid).toBe(
      3857,
    );
  });

  it('reads lines, polygons with holes and multi-geometries in GML 3 and GML 2', () => {
    expect(
      geometryOf(
        '<gml:LineString srsName="EPSG:4326" srsDimension="3"><gml:posList>0 0 1 1 1 2</gml:posList></gml:LineString>',
      )?.geometry,
    ).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0, 1],
        [1, 1, 2],
      ],
    });
    const ring = (a: number) =>
      `<gml:LinearRing><gml:posList>${a} ${a} ${a} 9 9 9 9 ${a} ${a} ${a}</gml:posList></gml:LinearRing>`;
    const polygon = `<gml:Polygon><gml:exterior>${ring(0)}</gml:exterior><gml:interior>${ring(3)}</gml:interior></gml:Polygon>`;
    const multi = geometryOf(
      `<gml:MultiSurface srsName="EPSG:4326"><gml:surfaceMember>${polygon}</gml:surfaceMember><gml:surfaceMember>${polygon}</gml:surfaceMember></gml:MultiSurface>`,
    );
    expect(multi?.geometry.type).toBe('MultiPolygon');
    expect(multi?.geometry.coordinates).toHaveLength(2);
    expect((multi?.geometry.coordinates as number[][][][])[0]).toHaveLength(2);
    expect(
      geometryOf(
        '<gml:MultiLineString srsName="EPSG:4326"><gml:lineStringMember><gml:LineString><gml:coordinates>0,0 1,1</gml:coordinates></gml:LineString></gml:lineStringMember></gml:MultiLineString>',
      )?.geometry,
    ).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
      ],
    });
  });

  it('refuses what PostGIS could not parse, without asking it', () => {
    for (const bad of [
      '<gml:Point srsName="EPSG:4326"><gml:pos>1</gml:pos></gml:Point>',
      '<gml:Point srsName="EPSG:4326"><gml:pos>a b</gml:pos></gml:Point>',
      '<gml:LineString srsName="EPSG:4326"><gml:posList>0 0 1</gml:posList></gml:LineString>',
      '<gml:LineString srsName="EPSG:4326"><gml:posList>0 0</gml:posList></gml:LineString>',
      '<gml:Polygon srsName="EPSG:4326"><gml:exterior><gml:LinearRing><gml:posList>0 0 1 1 0 0</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>',
      '<gml:Point srsName="urn:nowhere"><gml:pos>1 2</gml:pos></gml:Point>',
      '<gml:Circle srsName="EPSG:4326"><gml:pos>1 2</gml:pos></gml:Circle>',
    ])
      expect([bad, geometryOf(bad)]).toEqual([bad, null]);
  });
});
