// Nobody can put BBCode, Markdown or HTML into an update or a report through anything they write:
// a nation's name, a province's name, a game title.
import { describe, expect, it } from 'vitest';
import { escapeBbcode, escapeMarkdown, Markup, safeUrl } from '../../src/render/escape.ts';
import { renderPrivateReport, renderPublicUpdate } from '../../src/render/report.ts';
import { flavourIds } from '../../src/render/flavours.ts';
import { adjudicate, fixtureGame } from './support.ts';

const EVIL = '[url=http://evil]x[/url]<script>';

/** True when `text` holds `markup` without a backslash in front of it. */
const holdsUnescaped = (text: string, markup: string) =>
  text
    .split(markup)
    .slice(0, -1)
    .some((before) => !before.endsWith('\\'));

describe('escaping', () => {
  it('breaks every BBCode tag, HTML tag, mention and link while leaving the text readable', () => {
    const escaped = escapeBbcode(`${EVIL} @admin [b]`);
    expect(escaped).not.toMatch(/\[\/?[a-z]/i);
    expect(escaped).not.toMatch(/<[a-z]/i);
    expect(escaped).not.toContain('@admin');
    expect(escaped).not.toContain('http://');
    expect(escaped.replace(/\u200b/g, '')).toBe(`${EVIL} @admin [b]`);
  });

  it('escapes Markdown that would make links, HTML, emphasis, emoji or a list, and nothing else', () => {
    expect(escapeMarkdown(EVIL)).toBe('\\[url=http\\://evil\\]x\\[/url\\]\\<script\\>');
    expect(escapeMarkdown('- *bold* :smile: | @admin')).toBe('\\- \\*bold\\* \\:smile: \\| \\@admin');
    expect(escapeMarkdown('Bluevale (2 armies) at 20:00.')).toBe('Bluevale (2 armies) at 20:00.');
    expect(escapeMarkdown('1. first')).toBe('1\\. first');
  });

  it('puts every text on one line, so a name cannot start a heading or a list of its own', () => {
    expect(escapeBbcode('a\n[*]b')).toBe('a [\u200b*]b');
    expect(escapeMarkdown('a\n# b')).toBe('a # b');
  });

  it('accepts only http and https URLs, with brackets and parentheses encoded', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('not a url')).toBeNull();
    expect(String(safeUrl('https://x.org/a[1](2).png'))).toBe('https://x.org/a%5B1%5D%282%29.png');
    expect(safeUrl('http://x.org/map.png')).toBeInstanceOf(Markup);
  });
});

describe('a nation named to break the update', async () => {
  const game = await fixtureGame('board-nes', {}, (files) => ({
    ...files,
    'game.yaml': files['game.yaml'].replace('name: Bluevale', `name: "${EVIL}"`).replace('title: The Three Crowns', 'title: "Crowns [b]& <i>Co</i>"'),
    'state.yaml': files['state.yaml'].replace('name: Bluevale', `name: "${EVIL}"`),
  }));
  const record = adjudicate(game);

  it.each(flavourIds())('cannot inject markup into the %s update', (flavour) => {
    const text = renderPublicUpdate(game, record, { flavour, mapUrl: 'https://maps.example.org/m.png' }).text;
    // Markdown escapes with a backslash in front; BBCode has none, so the text must not hold the tag at all.
    for (const markup of ['[url=', '[/url]', '<script>', '<i>', '[b]&']) expect(holdsUnescaped(text, markup), markup).toBe(false);
    // The name is still there for readers.
    expect(text.replace(/\u200b|\\/g, '')).toContain(EVIL);
  });

  it('cannot inject HTML into the HTML report', () => {
    const html = renderPrivateReport(game, record, 'blue').html!;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<i>Co</i>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps the name as written in the plain-text report', () => {
    expect(renderPrivateReport(game, record, 'blue').text).toContain(`results for ${EVIL}`);
  });
});
