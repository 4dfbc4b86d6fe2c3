// Where the standard Diplomacy map's provinces are on the real Europe: a few points (longitude,
// latitude) per province, around which make-standard-key.ts grows each province's area, land
// provinces on land and seas on sea; the coastlines come from Natural Earth (public domain) through
// the world-atlas package (ISC). The projection and the key colours are shared with
// make-standard-map.ts, which writes each province's key colour and label centre into map.yaml.
import { geoConicConformal, type GeoProjection } from 'd3-geo';

export const KEY_WIDTH = 1500;
export const KEY_HEIGHT = 1150;

/** The board's window on Europe: from the Atlantic to the Caspian's shore, from the Sahara to the Barents Sea. */
export const BOUNDS = { west: -14, east: 45, south: 33, north: 72 };

export function standardProjection(): GeoProjection {
  const { west, east, south, north } = BOUNDS;
  const ring: Array<[number, number]> = [];
  for (let lon = west; lon <= east; lon++) ring.push([lon, south]);
  for (let lon = east; lon >= west; lon--) ring.push([lon, north]);
  ring.push([west, south]);
  return geoConicConformal()
    .rotate([-15, 0])
    .parallels([40, 62])
    .fitExtent(
      [
        [0, 0],
        [KEY_WIDTH, KEY_HEIGHT],
      ],
      { type: 'Polygon', coordinates: [ring.reverse()] },
    );
}

/** Points of each province; the first is where its name and units go. */
export const SITES: Record<string, Array<[number, number]>> = {
  // Britain
  cly: [
    [-5.0, 57.2],
    [-4.8, 58.3],
    [-5.5, 56.2],
  ],
  edi: [
    [-3.1, 56.6],
    [-2.8, 57.6],
  ],
  lvp: [
    [-2.6, 54.0],
    [-3.0, 53.3],
  ],
  yor: [
    [-1.2, 54.0],
    [-0.6, 53.3],
  ],
  wal: [
    [-3.7, 52.3],
    [-4.6, 51.7],
    [-4.5, 50.6],
  ],
  lon: [
    [-0.1, 51.6],
    [-1.6, 51.1],
    [0.9, 52.3],
  ],
  // France and Iberia
  bre: [
    [-3.2, 48.2],
    [-1.4, 48.9],
  ],
  pic: [[2.3, 50.1]],
  par: [
    [2.0, 48.2],
    [1.0, 47.2],
  ],
  bur: [
    [4.8, 47.0],
    [5.6, 48.6],
    [3.5, 46.0],
  ],
  gas: [
    [-0.5, 44.2],
    [0.6, 45.6],
  ],
  mar: [
    [5.0, 43.9],
    [3.2, 43.6],
  ],
  spa: [
    [-3.6, 40.0],
    [-0.9, 41.6],
    [-5.0, 37.6],
    [-3.5, 42.6],
  ],
  por: [
    [-8.1, 39.6],
    [-8.0, 41.5],
    [-8.0, 37.5],
  ],
  // Low Countries, Germany, Scandinavia
  bel: [[4.5, 50.6]],
  hol: [[5.6, 52.3]],
  ruh: [[7.6, 51.0]],
  kie: [
    [9.6, 53.2],
    [8.4, 52.5],
  ],
  ber: [[13.4, 52.8]],
  pru: [
    [19.5, 54.0],
    [21.5, 54.6],
  ],
  mun: [
    [11.0, 48.9],
    [9.2, 48.4],
    [10.8, 50.5],
  ],
  sil: [[17.0, 51.0]],
  den: [
    [9.4, 56.0],
    [11.8, 55.5],
  ],
  nwy: [
    [9.0, 61.0],
    [14.0, 66.5],
    [20.0, 69.6],
    [6.5, 59.0],
  ],
  swe: [
    [15.5, 59.4],
    [14.0, 56.6],
    [17.8, 63.2],
    [20.6, 66.8],
  ],
  fin: [
    [26.0, 62.8],
    [24.8, 60.8],
    [27.3, 67.2],
  ],
  // Italy, Switzerland, Austria-Hungary, the Balkans
  swi: [[8.2, 46.8]],
  pie: [[7.8, 45.0]],
  ven: [[11.8, 45.5]],
  tus: [[11.0, 43.5]],
  rom: [[12.6, 42.1]],
  apu: [
    [16.2, 41.0],
    [15.2, 41.8],
  ],
  nap: [
    [15.9, 40.3],
    [14.2, 37.5],
    [16.3, 38.9],
  ],
  tyr: [[12.0, 47.0]],
  boh: [[14.5, 49.8]],
  vie: [[16.4, 47.9]],
  tri: [
    [15.4, 45.4],
    [17.6, 44.0],
    [13.9, 46.2],
  ],
  bud: [
    [19.5, 47.1],
    [22.0, 46.8],
  ],
  gal: [
    [24.0, 49.1],
    [22.0, 49.6],
  ],
  ser: [[20.8, 43.8]],
  alb: [
    [20.0, 41.1],
    [19.9, 40.2],
  ],
  gre: [
    [22.0, 39.0],
    [22.4, 40.5],
    [22.3, 37.6],
  ],
  bul: [
    [25.5, 42.7],
    [27.2, 43.1],
  ],
  rum: [
    [25.0, 45.6],
    [27.3, 46.3],
    [28.3, 44.4],
  ],
  // Russia
  war: [[21.0, 52.3]],
  lvn: [
    [25.0, 57.0],
    [24.0, 55.2],
    [28.0, 56.0],
  ],
  stp: [
    [32.0, 62.0],
    [30.4, 59.9],
    [33.5, 67.5],
    [40.0, 64.5],
  ],
  mos: [
    [37.5, 55.5],
    [44.0, 56.0],
    [40.5, 52.0],
    [33.0, 55.0],
  ],
  ukr: [
    [30.0, 49.5],
    [33.5, 50.0],
  ],
  sev: [
    [36.0, 47.5],
    [40.0, 47.0],
    [43.5, 44.5],
    [34.2, 45.2],
  ],
  // The Ottoman lands and North Africa
  con: [
    [29.0, 40.5],
    [27.0, 41.5],
  ],
  ank: [
    [33.5, 41.0],
    [37.0, 40.8],
  ],
  smy: [
    [31.0, 38.0],
    [28.3, 38.6],
    [35.0, 37.6],
  ],
  arm: [
    [42.0, 40.0],
    [44.0, 38.5],
    [40.0, 39.0],
  ],
  syr: [
    [38.0, 36.0],
    [40.5, 34.5],
    [44.0, 34.5],
  ],
  naf: [
    [0.0, 34.3],
    [-5.0, 33.7],
    [4.5, 33.5],
  ],
  tun: [
    [9.5, 34.6],
    [10.0, 36.6],
  ],
  // Seas
  nao: [
    [-12.0, 57.0],
    [-10.5, 62.0],
    [-14.0, 53.0],
  ],
  mao: [
    [-12.0, 45.0],
    [-10.5, 38.5],
    [-13.5, 49.5],
    [-8.0, 35.0],
  ],
  iri: [
    [-7.3, 51.0],
    [-4.9, 53.8],
  ],
  eng: [
    [-2.0, 50.0],
    [-5.0, 49.5],
    [1.0, 50.6],
  ],
  nth: [
    [3.0, 55.0],
    [1.5, 57.5],
    [4.5, 58.8],
  ],
  nwg: [
    [0.0, 65.0],
    [6.0, 68.5],
    [-8.0, 64.0],
  ],
  bar: [
    [35.0, 71.0],
    [42.0, 71.5],
    [25.0, 71.6],
  ],
  ska: [[9.5, 57.9]],
  hel: [[7.3, 54.4]],
  bal: [
    [17.0, 55.6],
    [19.6, 57.6],
    [13.5, 54.6],
  ],
  bot: [
    [20.5, 62.0],
    [23.0, 64.8],
    [22.0, 59.8],
  ],
  wes: [
    [3.0, 38.5],
    [0.0, 37.0],
    [6.5, 38.0],
  ],
  lyo: [
    [5.2, 42.2],
    [7.7, 43.4],
    [3.8, 41.4],
  ],
  tys: [
    [12.0, 40.0],
    [10.4, 42.4],
    [13.0, 38.5],
  ],
  ion: [
    [18.0, 37.0],
    [14.0, 35.0],
    [21.0, 34.5],
  ],
  adr: [
    [15.0, 43.0],
    [17.8, 42.0],
    [13.0, 44.6],
  ],
  aeg: [
    [25.0, 38.6],
    [24.6, 36.2],
  ],
  eas: [
    [30.0, 34.5],
    [33.5, 34.0],
    [27.0, 34.3],
  ],
  bla: [
    [34.0, 43.5],
    [31.0, 43.0],
    [38.0, 42.8],
    [30.5, 45.5],
    [37.0, 46.0],
  ],
};

/** Land drawn but on no province of the board (Ireland, the islands of the Mediterranean): [west, south, east, north]. */
export const OFF_BOARD: Array<[number, number, number, number]> = [
  [-10.8, 51.2, -5.45, 55.5], // Ireland
  [8.4, 41.3, 9.7, 43.1], // Corsica
  [8.0, 38.8, 10.0, 41.3], // Sardinia
  [1.1, 38.5, 4.5, 40.2], // the Balearic Islands
  [23.4, 34.7, 26.5, 35.8], // Crete
  [32.0, 34.4, 34.8, 35.8], // Cyprus
  [-25.0, 63.0, -13.0, 67.0], // Iceland
  [-75.0, 58.0, -11.0, 85.0], // Greenland
];

/** Water off the board's seas, drawn as the land around it: [west, south, east, north]. */
export const INLAND_WATER: Array<[number, number, number, number]> = [
  [45.5, 36.0, 56.0, 48.0], // the Caspian Sea
  [32.0, 63.5, 42.0, 66.6], // the White Sea
];

/** A key colour per province, unique, land warm and sea blue (as `adjutant map import` expects). */
export function keyColour(index: number, sea: boolean): string {
  const step = (index * 37) % 200;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return sea
    ? `#${hex(20 + (index % 80))}${hex(40 + (step % 160))}${hex(200 + (index % 50))}`
    : `#${hex(150 + (index % 100))}${hex(30 + step)}${hex(40 + (index % 30))}`;
}
