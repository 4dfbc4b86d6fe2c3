// What the map draws for the industrial ruleset: the step's moves (by sea, rail, march and
// invasion; dashed when turned back), battles, provinces taken, units raised or lost, works
// completed; and what lasts in each province (ports, factories, railroads, forts, academies,
// canals) as the map's feature tiles, named in the legend in the document's words. Public facts only: the public view and its events.
import type { GameEvent, ProvinceFeature, PublicView, RulesetContext, TurnMarks } from '../../engine/index.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The lasting works the map draws, in the order it draws them, with the document's words for them. */
const FEATURES: Array<{ feature: ProvinceFeature; has: (p: Record<string, unknown>) => boolean }> = [
  { feature: 'port', has: (p) => Number(p.port ?? 0) > 0 },
  { feature: 'industry', has: (p) => p.factory === true },
  { feature: 'railroad', has: (p) => p.railroad === true },
  { feature: 'fortification', has: (p) => p.fort === 'active' },
  { feature: 'mothballed-fortification', has: (p) => p.fort === 'mothballed' },
  { feature: 'academy', has: (p) => p.academy === true },
  { feature: 'canal', has: (p) => p.canal === true },
];
const FEATURE_WORDS = { industry: 'Factory', fortification: 'Fort', 'mothballed-fortification': 'Fort, mothballed' } as const;

const UNIT_BUILDS = new Set(['infantry', 'conscript', 'artillery', 'general', 'warship', 'battleship', 'submarine']);

function moveArrow(e: GameEvent, ok: boolean): TurnMarks['arrows'][number] | null {
  const from = str(e.from);
  return from ? { kind: 'move', from, to: str(e.to), ok, nation: str(e.nation) } : null;
}

export function structureMarks(_ctx: RulesetContext, view: PublicView): TurnMarks {
  const marks: Required<Pick<TurnMarks, 'arrows' | 'provinces' | 'features'>> & TurnMarks = {
    arrows: [],
    provinces: [],
    features: [],
    featureWords: FEATURE_WORDS,
  };
  const mark = (province: string, kind: TurnMarks['provinces'][number]['mark']) => province && marks.provinces.push({ province, mark: kind });
  for (const e of view.events) {
    let arrow: TurnMarks['arrows'][number] | null = null;
    if (e.type === 'naval.moved' || e.type === 'land.railed' || e.type === 'land.marched' || e.type === 'land.invaded' || e.type === 'naval.disembarked')
      arrow = moveArrow(e, true);
    else if (e.type === 'land.bounced') arrow = moveArrow(e, false);
    if (arrow) marks.arrows.push(arrow);
    if (e.type === 'land.combat' || e.type === 'naval.combat') mark(str(e.place), 'battle');
    else if (e.type === 'land.invaded' || e.type === 'progress.annexed') mark(str(e.to) || str(e.province), 'captured');
    else if (e.type === 'new-game.deployed' || (e.type === 'production.completed' && UNIT_BUILDS.has(str(e.what)))) mark(str(e.province), 'built');
    else if (e.type === 'production.completed') mark(str(e.province), 'structure');
    else if (e.type === 'supply.disbanded') mark(str(e.province), 'disbanded');
    else if (e.type === 'recovery.destroyed') mark(str(e.province), 'destroyed');
  }
  for (const [id, p] of Object.entries(view.provinces)) {
    for (const f of FEATURES) if (f.has(p)) marks.features.push({ province: id, feature: f.feature });
  }
  return marks;
}
