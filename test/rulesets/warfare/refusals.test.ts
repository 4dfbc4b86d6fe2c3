// "Understood, not allowed": the warfare refusals a player meets when a move, support or convoy
// cannot be, each by its code, on the small map. Red has armies in Redhold (coast) and Ashfield
// (inland), fleets in North Water and South Water and one on Gate Isle's coast; blue an army in
// Bluecastle. A check that stopped refusing, or refused for another reason, fails its case.
import { describe, expect, it } from 'vitest';
import { warfare } from '../../../src/rulesets/warfare/index.ts';
import type { WarfareOptions } from '../../../src/rulesets/warfare/options.ts';
import { context, order, play, resultOf, stateOf, units } from './small-map.ts';

const board = () => stateOf(units('red A red', 'red A ash', 'red F nth', 'red F sth', 'red F isle', 'blue A blu'));

const CASES: Array<{ code: string; order: string; options?: Partial<WarfareOptions>; why: string }> = [
  { code: 'MOVE_TO_OWN_PROVINCE', order: 'A ash - ash', why: 'a move goes somewhere else' },
  { code: 'ARMY_TO_SEA', order: 'A red - nth', why: 'armies stay on land' },
  { code: 'ARMY_COAST', order: 'A red - bay/nc', options: { coasts: 'strict' }, why: 'armies take no coast (strict coasts)' },
  { code: 'ONLY_ARMIES_CONVOYED', order: 'F nth - sth via convoy', why: 'fleets move themselves' },
  { code: 'NO_SUCH_COAST', order: 'F nth - cape/ec', why: 'The Cape has a north and a south coast' },
  { code: 'NO_SUCH_COAST', order: 'F nth - bay/nc', options: { coasts: 'strict' }, why: 'Baymouth has no named coasts (strict coasts)' },
  { code: 'COAST_UNREACHABLE', order: 'F nth - cape/sc', why: "North Water touches only The Cape's north coast" },
  { code: 'NO_UNIT_TO_SUPPORT', order: 'A red S A hil', why: 'there is no unit in Hillfort' },
  { code: 'SUPPORT_SELF', order: 'A red S A red', why: 'a unit does not support itself' },
  { code: 'SUPPORT_OWN_PROVINCE', order: 'A ash S A red - ash', why: 'a unit does not support a move into its own province' },
  { code: 'SUPPORT_IMPOSSIBLE_MOVE', order: 'F nth S A red - blu', why: 'DATC 6.D.31: the move needs the supporter as its convoy' },
  { code: 'CONVOY_NOT_AT_SEA', order: 'F isle C A red - blu', why: 'a fleet on a coast does not convoy' },
  { code: 'CONVOY_NOT_AT_SEA', order: 'A ash C A red - blu', why: 'an army does not convoy' },
  { code: 'NO_ARMY_TO_CONVOY', order: 'F nth C A bay - blu', why: 'there is no army in Baymouth' },
  { code: 'ONLY_ARMIES_CONVOYED', order: 'F nth C A isle - blu', why: 'the unit on Gate Isle is a fleet' },
  { code: 'CONVOY_TO_SAME_PROVINCE', order: 'F nth C A red - red', why: 'a convoy carries the army somewhere else' },
  { code: 'CONVOY_NOT_COASTAL', order: 'F nth C A ash - blu', why: 'Ashfield is inland' },
  { code: 'CONVOY_NOT_ON_ROUTE', order: 'F sth C A red - blu', why: 'North Water alone joins Redhold and Bluecastle' },
];

describe('warfare refusals in a movement phase', () => {
  it.each(CASES.map((c) => [c.code, c.why, c] as const))('%s: %s', (code, _why, c) => {
    expect(warfare.validate(context(c.options), board(), 'red', order(c.order), [])).toMatchObject({ ok: false, code });
  });

  it('accepts the same kinds of order where the board allows them', () => {
    const allowed = ['A ash - red', 'A red - blu via convoy', 'F nth - cape/nc', 'A red S A ash - hil', 'F nth C A red - blu', 'F sth C A red - inn'];
    for (const text of allowed) expect(warfare.validate(context(), board(), 'red', order(text), []), text).toEqual({ ok: true });
  });

  it('refuses a build when the kingdom has none due', () => {
    // Red owns Redhold and Ashfield and has two units: nothing to build.
    const winter = stateOf(units('red A red', 'red A hil'), { phase: 'adjustments', season: 'winter' });
    expect(warfare.validate(context(), winter, 'red', order('Build A ash'), [])).toMatchObject({ ok: false, code: 'NO_BUILDS_DUE' });
  });
});

describe('warfare orders that stood but came to nothing', () => {
  const reasons = (given: string[], list = units('red A red', 'red A ash', 'red F nth')) => {
    const { events } = play(context(), stateOf(list), { red: given });
    return given.map((_, i) => resultOf(events, 'red', i)?.reason ?? 'ok');
  };

  it('reports a support or convoy of an order the unit was not given as unmatched', () => {
    expect(reasons(['A red S A ash - hil', 'A ash H'])).toEqual(['UNMATCHED', 'ok']);
    expect(reasons(['F nth C A red - blu', 'A red H'])).toEqual(['UNMATCHED', 'ok']);
    expect(reasons(['A red S A ash - hil', 'A ash - hil'])).toEqual(['ok', 'ok']);
  });

  it("reports another kingdom's convoy of an army that marched next door over land as not used (DATC 4.A.3, 2023)", () => {
    const { events } = play(context(), stateOf(units('red A bay', 'blue F nth')), { red: ['A bay - red'], blue: ['F nth C A bay - red'] });
    expect(resultOf(events, 'red', 0)?.type).toBe('order.succeeded');
    expect(resultOf(events, 'blue', 0)).toMatchObject({ type: 'order.failed', reason: 'NOT_USED' });
  });
});
