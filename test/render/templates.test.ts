// A GM overrides any template, or one partial, by dropping a file of the same name into the game
// folder; the override gets the same data, escaped for its format like the project's own.
import { describe, expect, it } from 'vitest';
import { renderPrivateReport, renderPublicUpdate } from '../../src/render/report.ts';
import { createTemplates, TemplateNotFoundError } from '../../src/render/templates.ts';
import { adjudicate, fixtureGame } from './support.ts';

describe('templates', () => {
  it('uses a template from the game folder instead of the project one', async () => {
    const game = await fixtureGame('board-nes', { 'report.txt.hbs': 'Dear {{nation.name}}, you have {{orders.length}} orders.\n' });
    const report = renderPrivateReport(game, adjudicate(game), 'red');
    expect(report.text).toBe('Dear Redmark, you have 4 orders.\n');
    // Only the named template is replaced: the HTML one is still the project's.
    expect(report.html).toContain('<h2 style="font-size: 16px;">Your orders</h2>');
  });

  it('uses a partial from the game folder inside the project template', async () => {
    const game = await fixtureGame('board-nes', { 'ledger.txt.hbs': 'THE BOOKS: {{#each ledger}}{{#if total}}{{amount}} {{/if}}{{/each}}\n' });
    const text = renderPrivateReport(game, adjudicate(game), 'red').text;
    expect(text).toContain('THE BOOKS: 5 8 \n');
    expect(text).not.toContain('LEDGER');
    expect(text).toContain('YOUR ORDERS');
  });

  it('escapes the data of an overriding BBCode template too', async () => {
    const game = await fixtureGame('board-nes', { 'update-phpbb.bbcode.hbs': '{{#each nations}}{{name}};{{/each}}' }, (files) => ({
      ...files,
      'state.yaml': files['state.yaml'].replace('name: Greenwood', 'name: "[b]Green[/b]"'),
    }));
    expect(renderPublicUpdate(game, adjudicate(game), { flavour: 'phpbb' }).text).toBe('Redmark;Bluevale;[\u200bb]Green[\u200b/b];');
  });

  it('knows partials by file name, and by stem when only one format has it', () => {
    const templates = createTemplates({ 'page.txt.hbs': '{{> battles.txt}}|{{> list-phpbb}}', 'ambiguous.txt.hbs': '{{> nations-table}}' });
    expect(templates.render('page.txt.hbs', { battles: [], lines: ['x'], title: 'T' })).toBe('BATTLES\n|\n[b]T[/b]\n[list]\n[*]x\n[/list]\n');
    expect(() => templates.render('ambiguous.txt.hbs', {})).toThrow(/nations-table/);
  });

  it('says which template is missing', () => {
    expect(() => createTemplates().render('nothing.txt.hbs', {})).toThrow(TemplateNotFoundError);
  });
});
