// How far apart two colours look, for readers with normal colour vision and with each of the
// three kinds of colour blindness (Machado, Oliveira and Fernandes 2009, full severity): the CIE76
// distance in Lab, where about 2.3 is just noticeable and over 20 reads as another colour.
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
