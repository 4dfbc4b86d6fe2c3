// New game phase: "This phase only occurs at the beginning of the first turn"; the starting
// resources are placed where the deploy orders say (ships in a port, or a sea beside it).
import { newUnitId } from '../../../engine/index.ts';
import { isShip, type IndustrialUnit } from '../state.ts';
import type { Turn } from '../turn.ts';

export function deploy(turn: Turn): void {
  const { state } = turn;
  for (const a of turn.of('deploy')) {
    const nation = state.nations[a.nation];
    const left = nation.undeployed?.[a.order.unitType] ?? 0;
    const count = Math.min(a.order.count ?? 1, left);
    if (!count) {
      turn.fail(a, 'NOTHING_TO_DEPLOY', `You have no ${a.order.unitType} left to deploy.`);
      continue;
    }
    place(turn, a.nation, a.order.unitType, a.order.sea ?? a.order.province, count);
    nation.undeployed![a.order.unitType] = left - count;
    turn.done(a, `You deploy ${count} ${a.order.unitType} in ${turn.name(a.order.sea ?? a.order.province)}.`);
  }
}

/** Places new units; used for deployments, defaults and completed production alike, each told as its own event. */
export function place(
  turn: Turn,
  nation: string,
  type: IndustrialUnit['type'],
  province: string,
  count: number,
  news: 'new-game.deployed' | 'production.completed' = 'new-game.deployed',
): IndustrialUnit[] {
  const tech = turn.state.nations[nation]?.tech ?? 1;
  const made: IndustrialUnit[] = [];
  for (let i = 0; i < count; i++) {
    const unit: IndustrialUnit = { id: newUnitId(turn.state, type), type, nation, province, tech, builtTurn: turn.state.turn };
    if (!isShip(type)) unit.supply = 0;
    turn.state.units.push(unit);
    made.push(unit);
  }
  const units = made.map((u) => u.id);
  turn.announce(news, news === 'new-game.deployed' ? { nation, unitType: type, province, count, units } : { nation, what: type, province, count, units });
  return made;
}

/** Ruling R1: resources a nation left undeployed (its orders refused) go to its capital. */
export function deployTheRest(turn: Turn): void {
  for (const nation of Object.values(turn.state.nations)) {
    if (!nation.undeployed) continue;
    for (const [type, count] of Object.entries(nation.undeployed) as Array<[IndustrialUnit['type'], number]>) {
      const where = isShip(type) ? portOf(turn, nation.id) : (nation.capital ?? firstOwned(turn, nation.id));
      if (count > 0 && where) place(turn, nation.id, type, where, count);
    }
    delete nation.undeployed;
  }
}

function firstOwned(turn: Turn, nation: string): string | undefined {
  return Object.keys(turn.state.provinces)
    .sort()
    .find((p) => turn.state.provinces[p].owner === nation);
}

function portOf(turn: Turn, nation: string): string | undefined {
  const capital = turn.state.nations[nation].capital;
  if (capital && turn.state.provinces[capital]?.port) return capital;
  return Object.keys(turn.state.provinces)
    .sort()
    .find((p) => turn.state.provinces[p].owner === nation && turn.state.provinces[p].port);
}
