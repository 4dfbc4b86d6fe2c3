// The Barnes-Hut pushes of a big map's layout come close to the exact ones, summed pair by pair,
// on points spread out, clustered, and stacked on one spot.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repulseApproximately } from '../../src/render/barnes-hut.ts';

const K2 = 1e-4;

/** The exact push on each point from every other (force K2/d away from each). */
function exact(xs: Float64Array, ys: Float64Array): [Float64Array, Float64Array] {
  const n = xs.length;
  const [mx, my] = [new Float64Array(n), new Float64Array(n)];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j || (xs[i] === xs[j] && ys[i] === ys[j])) continue;
      const [dx, dy] = [xs[i] - xs[j], ys[i] - ys[j]];
      const force = K2 / (dx * dx + dy * dy);
      mx[i] += dx * force;
      my[i] += dy * force;
    }
  }
  return [mx, my];
}

function approximate(xs: Float64Array, ys: Float64Array): [Float64Array, Float64Array] {
  const [mx, my] = [new Float64Array(xs.length), new Float64Array(xs.length)];
  repulseApproximately(xs, ys, mx, my, xs.length, K2);
  return [mx, my];
}

describe('Barnes-Hut pushes', () => {
  it('are within a tenth of the exact sum, wherever the points are', () => {
    // Coordinates on a grid of a millionth, as the layout draws its starting points.
    const coordinate = fc.integer({ min: 0, max: 1_000_000 }).map((v) => v / 1_000_000);
    const spot = fc.tuple(coordinate, coordinate);
    // Distinct points (the exact sum leaves out points on one spot, which the tree pushes apart).
    const clustered = fc
      .tuple(spot, fc.uniqueArray(spot, { minLength: 20, maxLength: 300, selector: ([x, y]) => `${x},${y}` }))
      .map(([[cx, cy], points]) => points.map(([x, y], i) => (i % 3 ? [x, y] : [cx + x * 1e-3, cy + y * 1e-3])))
      .filter((points) => new Set(points.map(([x, y]) => `${x},${y}`)).size === points.length);
    fc.assert(
      fc.property(clustered, (points) => {
        const xs = Float64Array.from(points, (p) => p[0]);
        const ys = Float64Array.from(points, (p) => p[1]);
        const [ex, ey] = exact(xs, ys);
        const [ax, ay] = approximate(xs, ys);
        // Errors are measured against the typical push, as the pushes on single points can cancel out to nearly nothing.
        let [error, scale] = [0, 0];
        for (let i = 0; i < xs.length; i++) {
          error += Math.hypot(ax[i] - ex[i], ay[i] - ey[i]);
          scale += Math.hypot(ex[i], ey[i]);
        }
        expect(error / scale).toBeLessThan(0.1);
      }),
      { numRuns: 60 },
    );
  });

  it('pushes points stacked on one spot apart from each other, and others away from the stack', () => {
    const xs = Float64Array.from([0.5, 0.5, 0.5, 0.9]);
    const ys = Float64Array.from([0.5, 0.5, 0.5, 0.5]);
    const [mx, my] = approximate(xs, ys);
    for (const v of [...mx, ...my]) expect(Number.isFinite(v)).toBe(true);
    expect(mx[0]).not.toBe(mx[2]);
    // The lone point is pushed right by all three stacked ones: 3 * K2 / 0.4.
    expect(mx[3]).toBeCloseTo((3 * K2) / 0.4, 8);
  });

  it('stays finite when two nodes share a spot a hair from a third, too close to tell apart in the tree', () => {
    const xs = Float64Array.from([0.5, 0.5, 0.5 + 1e-15, 0.9]);
    const ys = Float64Array.from([0.5, 0.5, 0.5, 0.1]);
    const [mx, my] = approximate(xs, ys);
    for (const v of [...mx, ...my]) expect(Number.isFinite(v)).toBe(true);
  });
});
