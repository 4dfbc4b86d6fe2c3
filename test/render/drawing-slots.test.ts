// Key-image maps are drawn a few at a time (src/render/drawing-slots.ts): when every player of the
// warfare starter opens their page at once, the seven nation maps are drawn two at a time, and each
// is still drawn whole and in its own nation's name.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import { drawingNow, KEY_MAPS_AT_ONCE } from '../../src/render/drawing-slots.ts';
import { drawNationMap } from '../../src/render/nation-map.ts';
import { keyImageOf } from '../../src/render/turn-outputs.ts';

const WARFARE = fileURLToPath(new URL('../../examples/starter/warfare/', import.meta.url));

it('draws the nation maps asked for at once two at a time, the others waiting, every one drawn', async () => {
  const game = await loadGame(WARFARE);
  const nations = Object.keys(game.config.nations);
  expect(nations.length).toBeGreaterThan(KEY_MAPS_AT_ONCE);
  const seen = { drawing: 0, waiting: 0 };
  let watching = true;
  // Looks between the drawings' steps: each yields to the event loop while sharp decodes and encodes.
  const watch = () => {
    const now = drawingNow();
    seen.drawing = Math.max(seen.drawing, now.drawing);
    seen.waiting = Math.max(seen.waiting, now.waiting);
    if (watching) setImmediate(watch);
  };
  watch();
  const svgs = await Promise.all(nations.map((nation) => drawNationMap({ game, nation, orders: [], keyImage: keyImageOf(game) })));
  watching = false;
  expect(seen.drawing).toBe(KEY_MAPS_AT_ONCE);
  expect(seen.waiting).toBe(nations.length - KEY_MAPS_AT_ONCE);
  expect(drawingNow()).toEqual({ drawing: 0, waiting: 0 });
  svgs.forEach((svg, n) => {
    expect(svg).toMatch(/^<svg [^>]*><image href="data:image\/png;base64,/);
    const own = [...svg.matchAll(/data-nation="([^"]*)" data-own="true"/g)].map((m) => m[1]);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own)).toEqual(new Set([nations[n]]));
  });
});

it('frees the slot of a drawing that fails: a broken key image is refused and the next map is drawn', async () => {
  const game = await loadGame(WARFARE);
  const broken = Buffer.from('not a picture');
  const attempts = Array.from({ length: KEY_MAPS_AT_ONCE + 1 }, () => drawNationMap({ game, nation: 'france', orders: [], keyImage: broken }));
  for (const result of await Promise.allSettled(attempts)) {
    expect(result.status).toBe('rejected');
    expect(String((result as PromiseRejectedResult).reason)).toMatch(/MapImageError: The key image could not be read as a picture/);
  }
  expect(drawingNow()).toEqual({ drawing: 0, waiting: 0 });
  await expect(drawNationMap({ game, nation: 'france', orders: [], keyImage: keyImageOf(game) })).resolves.toMatch(/data-own="true"/);
});
