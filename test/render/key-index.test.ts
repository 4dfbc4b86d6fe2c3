// A key image drawn on a map is decoded four bytes a pixel and indexed a word a pixel; `map import`
// indexes three bytes a pixel. Both must number every pixel, run and border alike, whatever the PNG
// holds: an alpha channel, a palette, colours of no province between provinces.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cachedKeyIndex, decodeImage, indexImage } from '../../src/render/key-image.ts';

const [width, height] = [120, 80];
const keys = new Map([
  ['red', 0xc04030],
  ['sea', 0x2050c0],
  ['gold', 0xa08020],
  ['blue', 0x0000ff],
]);

/** Three provinces, a black line, a pure blue island (its key in one byte), specks of no province. */
function pixels(channels: 3 | 4): Buffer {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let colour = x >= 80 ? [32, 80, 192] : y < 39 ? [192, 64, 48] : y < 41 ? [0, 0, 0] : [160, 128, 32];
      if (x >= 90 && x < 100 && y >= 10 && y < 20) colour = [0, 0, 255];
      if ((x * 7 + y * 13) % 97 === 0) colour = [255, 0, 255];
      if ((x * 5 + y * 3) % 89 === 0) colour = [192, 64, 49];
      data.set(channels === 4 ? [...colour, (x * 11 + y) % 256] : colour, (y * width + x) * channels);
    }
  }
  return data;
}

async function same(png: Buffer): Promise<void> {
  const drawn = await cachedKeyIndex(png, keys);
  const imported = indexImage(await decodeImage(png), keys);
  expect(drawn).toEqual(imported);
  expect([...drawn.area].every((a) => a > 0)).toBe(true);
}

describe('key image index', () => {
  it('is the same from RGB pixels and from RGBA words', async () => {
    await same(
      await sharp(pixels(3), { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer(),
    );
  });

  it('is the same for a key with an alpha channel', async () => {
    await same(
      await sharp(pixels(4), { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer(),
    );
  });

  it('is the same for a palette key', async () => {
    await same(
      await sharp(pixels(3), { raw: { width, height, channels: 3 } })
        .png({ palette: true, colours: 8, dither: 0 })
        .toBuffer(),
    );
  });
});
