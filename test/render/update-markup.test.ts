// One rendering per flavour: each forum's update and the web page's are written from the same model,
// and none of them carries another's markup (issue: the page showed Discourse's "[details=...]" raw).
// Every ruleset's starter game is played one step, CNES with a battle; the board NES fixture adds a
// battle with its dice.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/game/load-game.ts';
import type { Game } from '../../src/game/open-game.ts';
import { flavourIds } from '../../src/render/flavours.ts';
import { renderPublicUpdate, renderWebUpdate } from '../../src/render/report.ts';
import type { TurnRecord } from '../../src/store/turn-record.ts';
import { siteTemplates } from '../../src/web/page-templates.ts';
import { adjudicate, fixtureGame, playStarter } from './support.ts';

const STARTERS = fileURLToPath(new URL('../../examples/starter/', import.meta.url));

/** Each surface's markup, told apart: XenForo's tags are upper case, phpBB's lower case. */
const MARKUP = {
  xenforo: /\[\/?(B|I|SIZE|COLOR|SPOILER|TABLE|TR|TD|TH|LIST|IMG|URL)[=\]]/,
  phpbb: /\[\/?(b|i|size|color|quote|list|img|url|code)[=\]]/,
  discourse: /\[\/?details[=\]]|^#{1,6} |\*\*|^- |^\|/m,
  web: /<\/?(h\d|p|ul|li|table|tr|td|th|strong|em|details|summary)\b/,
} as const;
type Surface = keyof typeof MARKUP;

const CNES_BATTLE = {
  red: 'Move tank from Redwood to Midmarch then Bluecastle\nfighters in rha support mid',
  blue: 'bombers in bca support mid\nmove 2 infantry bca - mid',
  green: '2 militia gjn -> mid',
};

async function turns(): Promise<Array<[string, Game, TurnRecord]>> {
  const out: Array<[string, Game, TurnRecord]> = [];
  for (const ruleset of ['board-nes', 'cnes', 'industrial', 'warfare']) {
    const game = await loadGame(path.join(STARTERS, ruleset));
    out.push([`${ruleset} starter`, game, playStarter(game, ruleset === 'cnes' ? CNES_BATTLE : {}, 'markup')]);
  }
  const fixture = await fixtureGame('board-nes');
  out.push(['board NES battle with dice', fixture, adjudicate(fixture)]);
  return out;
}

function rendered(game: Game, record: TurnRecord, surface: Surface): string {
  return surface === 'web' ? renderWebUpdate(game, record, siteTemplates()) : renderPublicUpdate(game, record, { flavour: surface }).text;
}

describe('each surface in its own markup', async () => {
  const all = await turns();
  // A forum registered without its markup here fails below: the test must learn to tell it apart.
  const surfaces = [...flavourIds(), 'web'] as Surface[];

  it('knows the markup of every registered flavour', () => expect(Object.keys(MARKUP).sort()).toEqual([...surfaces].sort()));

  it.each(all.flatMap(([name, game, record]) => surfaces.map((surface) => [name, surface, game, record] as const)))(
    '%s, %s',
    (_name, surface, game, record) => {
      const text = rendered(game, record, surface);
      expect(text, 'its own markup').toMatch(MARKUP[surface]);
      for (const other of surfaces.filter((s) => s !== surface)) {
        const found = MARKUP[other].exec(text);
        expect(found?.[0], `${other} markup in the ${surface} update`).toBeUndefined();
      }
    },
  );

  // phpBB's BBCodes as installed (phpbb/install/schemas/schema_data.sql and the parser's defaults):
  // a board shows any other tag, [spoiler] among them, as literal text.
  it.each(all.map(([name, game, record]) => [name, game, record] as const))(
    '%s: the phpBB update uses only the BBCode phpBB has as installed',
    (_name, game, record) => {
      const tags = [...rendered(game, record, 'phpbb').matchAll(/\[\/?([a-z*]+)[=\]\s]/gi)].map((m) => m[1]);
      const installed = ['b', 'i', 'u', 'quote', 'code', 'list', '*', 'img', 'url', 'email', 'size', 'color', 'attachment', 'flash'];
      expect(tags.filter((t) => !installed.includes(t))).toEqual([]);
    },
  );

  it('shows the battle and its dice on the web page as HTML', () => {
    const [, game, record] = all.find(([name]) => name === 'board NES battle with dice')!;
    const html = renderWebUpdate(game, record, siteTemplates());
    expect(html).toMatch(/<details class="dice"><summary>The dice<\/summary>/);
    expect(html).toContain('<strong>Battle in');
  });
});
