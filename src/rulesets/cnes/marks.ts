// What the map draws of a CNES turn, from the public view: the moves, retreats and rebases as
// arrows (a step into a battle that was lost drawn as a move that failed); battles, occupations,
// units raised, units destroyed and improvements as marks; and on the board itself each province's improvements,
// the highest level its units are dug in to, and aircraft and ships in their own shapes.
import { flies } from '../../combat/cnes-heat/index.ts';
import type { GameEvent, ProvinceFeature, PublicView, RulesetContext, TurnMarks, UnitShape } from '../../engine/index.ts';
import type { CnesOptions } from './options.ts';
import type { CnesProvince, CnesUnit } from './state.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

const IMPROVEMENTS: Array<[keyof CnesProvince, ProvinceFeature]> = [
  ['urban', 'urban'],
  ['industrial', 'industry'],
  ['port', 'port'],
  ['airbase', 'airbase'],
  ['lab', 'lab'],
];

export function cnesMarks(ctx: RulesetContext<CnesOptions>, view: PublicView): TurnMarks {
  const marks: Required<Omit<TurnMarks, 'featureWords'>> = { arrows: [], provinces: [], features: [], unitShapes: unitShapes(ctx) };
  const drawn = new Set<string>();
  const step = (e: GameEvent) => `${str(e.nation)}|${str(e.from)}|${str(e.to)}`;
  // A nation's step into a battle it lost is drawn as a move that failed.
  const turnedBack = new Set(view.events.filter((e) => e.type === 'move.turned-back').map(step));
  const arrow = (kind: 'move' | 'retreat', e: GameEvent, ok = true) => {
    const key = `${kind}|${step(e)}`;
    if (drawn.has(key)) return;
    drawn.add(key);
    marks.arrows.push({ kind, from: str(e.from), to: str(e.to), ok, nation: str(e.nation) });
  };
  for (const e of view.events) {
    if (e.type === 'unit.moved') arrow('move', e, !turnedBack.has(step(e)));
    else if (e.type === 'aircraft.rebased') arrow('move', e);
    else if (e.type === 'unit.retreated') arrow('retreat', e);
    else if (e.type === 'battle.fought') marks.provinces.push({ province: str(e.place), mark: 'battle' });
    else if (e.type === 'province.occupied') marks.provinces.push({ province: str(e.province), mark: 'captured' });
    else if (e.type === 'unit.built') marks.provinces.push({ province: str(e.province), mark: 'built' });
    else if (e.type === 'province.improved') marks.provinces.push({ province: str(e.province), mark: 'structure' });
    else if (e.type === 'unit.destroyed' || e.type === 'aircraft.lost') marks.provinces.push({ province: str(e.province), mark: 'destroyed' });
  }
  const dugIn = new Map<string, number>();
  for (const u of view.units as CnesUnit[]) if (u.fortify) dugIn.set(u.province, Math.max(u.fortify, dugIn.get(u.province) ?? 0));
  for (const [id, p] of Object.entries(view.provinces) as Array<[string, CnesProvince]>) {
    for (const [field, feature] of IMPROVEMENTS) if (p[field]) marks.features.push({ province: id, feature });
    const level = dugIn.get(id);
    if (level) marks.features.push({ province: id, feature: 'fortification', level });
  }
  return marks;
}

/** Aircraft fly and ships sail: every card says which it is. */
function unitShapes(ctx: RulesetContext<CnesOptions>): Record<string, UnitShape> {
  const shapes: Record<string, UnitShape> = {};
  for (const [type, card] of Object.entries(ctx.options.cards)) {
    if (flies(card)) shapes[type] = 'aircraft';
    else if (card.class === 'naval') shapes[type] = 'fleet';
  }
  return shapes;
}
