// What a nation's private map draws of its orders in force before the turn is played, as its update
// draws what they did (map-marks.ts): sailing, landing, embarking, rail and marches and invasions as
// moves, the supports as support arrows; deployments and builds as marks, disbands too.
import type { Order, TurnMarks } from '../../engine/index.ts';

type Marks = Pick<TurnMarks, 'arrows' | 'provinces'>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

const MOVES = new Set(['sail', 'disembark', 'embark', 'rail', 'march', 'invade']);
const SUPPORTS = new Set(['support-defence', 'support-attack', 'support-coast', 'supply-coast']);
const UNIT_BUILDS = new Set(['infantry', 'conscript', 'artillery', 'general', 'warship', 'battleship', 'submarine']);

export function industrialOrderMarks(nation: string, orders: readonly Order[]): Marks {
  const marks: Marks = { arrows: [], provinces: [] };
  for (const o of orders) {
    const [from, to] = [str(o.province), str(o.target)];
    if (MOVES.has(o.kind) && from && to) marks.arrows.push({ kind: 'move', from, to, ok: true, nation });
    else if (SUPPORTS.has(o.kind) && from && to) marks.arrows.push({ kind: 'support', from, to, ok: true, nation });
    else if (o.kind === 'deploy' && from) marks.provinces.push({ province: str(o.sea) || from, mark: 'built' });
    else if (o.kind === 'build' && from) marks.provinces.push({ province: from, mark: UNIT_BUILDS.has(str(o.what)) ? 'built' : 'structure' });
    else if (o.kind === 'disband' && from) marks.provinces.push({ province: from, mark: 'disbanded' });
  }
  return marks;
}
