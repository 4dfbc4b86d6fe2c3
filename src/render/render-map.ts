// One entry point for map pictures: a key-image map when the map has one, else the schematic.
import type { MapGraph, PublicView, TurnMarks } from '../engine/index.ts';
import type { LabelLayout } from './label-placement.ts';
import { buildScene } from './map-scene.ts';
import { drawKeyMap } from './render-key-map.ts';
import { drawSchematicMap } from './render-schematic-map.ts';

export interface MapPictureInput {
  map: MapGraph;
  /** The ruleset's public view after the step: a map is public, so it never reads private state. */
  view: PublicView;
  title: string;
  caption: string;
  colours?: Record<string, string | undefined>;
  /** The province-key PNG (map.yaml `image`); without it the map is drawn as a schematic. */
  keyImage?: Buffer;
  /** What the step did, drawn on the map (the ruleset's report turnMarks): arrows, battles, captures... */
  marks?: TurnMarks;
}

/** The picture, and where its names went among its arrows and badges (what test/render/label-overlaps.test.ts counts). */
export interface DrawnMap {
  png: Buffer;
  labels: LabelLayout;
  /** Where a key-image map drew each province's centre, unit stacks and arrows (in the PNG's pixels), for the nation map's SVG. */
  hits?: MapHits;
}

export interface MapHits {
  width: number;
  height: number;
  provinces: Array<{ id: string; x: number; y: number }>;
  units: Array<{ province: string; nation: string; type: string; own: boolean; x: number; y: number; width: number; height: number }>;
  arrows: Array<{ kind: string; from: string; to: string; nation: string; polygons: ReadonlyArray<ReadonlyArray<readonly [number, number]>> }>;
}

/** The map drawn, with where its names went. */
export async function drawMap(input: MapPictureInput): Promise<DrawnMap> {
  const { map, keyImage } = input;
  if (!keyImage) return drawSchematicMap({ scene: buildScene(input), map });
  return drawKeyMap({ scene: () => buildScene(input), map, keyImage });
}

/** The map as a PNG. */
export async function renderMap(input: MapPictureInput): Promise<Buffer> {
  return (await drawMap(input)).png;
}
