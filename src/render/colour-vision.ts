// How far apart two colours look, for readers with normal colour vision and with each of the
// three kinds of colour blindness (Machado, Oliveira and Fernandes 2009, full severity): the CIE76
// distance in Lab, where about 2.3 is just noticeable and over 20 reads as another colour. And the
// CIEDE2000 distance, which corrects CIE76 where it misleads most (blues, and saturated colours it
// calls far apart though they look alike), for the floor between a game's own nation colours.
import { parseHex } from './palette.ts';

type Matrix = readonly [readonly number[], readonly number[], readonly number[]];

export const VISIONS: Record<'normal' | 'deuteranopia' | 'protanopia' | 'tritanopia', Matrix> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const linear = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);

function labAs(colour: string, vision: Matrix): [number, number, number] {
  const c = parseHex(colour).map(linear);
  const [r, g, b] = vision.map((row) => Math.min(1, Math.max(0, row[0] * c[0] + row[1] * c[1] + row[2] * c[2])));
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** The smallest of the distances between two colours over every kind of vision. */
export function leastDifference(a: string, b: string): number {
  return Math.min(
    ...Object.values(VISIONS).map((vision) => {
      const [p, q] = [labAs(a, vision), labAs(b, vision)];
      return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
    }),
  );
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (r: number) => {
  const d = (r * 180) / Math.PI;
  return d < 0 ? d + 360 : d;
};

/** CIEDE2000 between two Lab colours (Sharma, Wu and Dalal 2005): about 1 is just noticeable. */
export function deltaE2000([l1, a1, b1]: readonly number[], [l2, a2, b2]: readonly number[]): number {
  const meanC = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(meanC ** 7 / (meanC ** 7 + 25 ** 7)));
  const [p1, p2] = [a1 * (1 + g), a2 * (1 + g)];
  const [c1, c2] = [Math.hypot(p1, b1), Math.hypot(p2, b2)];
  const [h1, h2] = [c1 ? degrees(Math.atan2(b1, p1)) : 0, c2 ? degrees(Math.atan2(b2, p2)) : 0];
  let dh = 0;
  if (c1 * c2) dh = Math.abs(h2 - h1) <= 180 ? h2 - h1 : h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 + 360;
  const dL = l2 - l1;
  const dC = c2 - c1;
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin(radians(dh / 2));
  const meanL = (l1 + l2) / 2;
  const meanCp = (c1 + c2) / 2;
  let meanH = h1 + h2;
  if (c1 * c2) meanH = Math.abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  const t =
    1 -
    0.17 * Math.cos(radians(meanH - 30)) +
    0.24 * Math.cos(radians(2 * meanH)) +
    0.32 * Math.cos(radians(3 * meanH + 6)) -
    0.2 * Math.cos(radians(4 * meanH - 63));
  const sL = 1 + (0.015 * (meanL - 50) ** 2) / Math.sqrt(20 + (meanL - 50) ** 2);
  const sC = 1 + 0.045 * meanCp;
  const sH = 1 + 0.015 * meanCp * t;
  const rT = -2 * Math.sqrt(meanCp ** 7 / (meanCp ** 7 + 25 ** 7)) * Math.sin(radians(60 * Math.exp(-(((meanH - 275) / 25) ** 2))));
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

/** CIEDE2000 between two colours as a reader with normal colour vision sees them. */
export function ciede2000(a: string, b: string): number {
  return deltaE2000(labAs(a, VISIONS.normal), labAs(b, VISIONS.normal));
}
