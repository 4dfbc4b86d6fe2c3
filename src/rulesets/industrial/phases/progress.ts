// Progress phase: tech progression takes effect (a level completed in an earlier production phase, ruling P3);
// revolts in provinces being annexed (nationalists in summer only, reactionaries in summer and
// winter); ownership updated: an occupation held for `annexTurns` makes the occupier the owner.
import { newUnitId } from '../../../engine/index.ts';
import { REBELS, extraOf, isLand, unitsByProvince } from '../state.ts';
import type { Turn } from '../turn.ts';

export function progress(turn: Turn): void {
  const { state, options } = turn;
  techTakesEffect(turn);
  const here = unitsByProvince(state);
  for (const id of Object.keys(state.provinces).sort()) {
    const p = state.provinces[id];
    const forces = new Set((here.get(id) ?? []).filter((u) => isLand(u.type) && !u.aboard).map((u) => u.nation));
    // Occupation ends when the occupier's forces are gone and the owner's or nobody's stand there.
    if (p.occupier && !forces.has(p.occupier)) {
      turn.announce('progress.liberated', { province: id, from: p.occupier, owner: p.owner });
      p.occupier = null;
      delete p.occupiedSince;
    }
    if (!p.occupier) continue;
    const rebels = turn.map.province(id).attributes.rebels;
    const { season } = turn.season;
    if ((rebels === 'nationalist' && season === 'summer') || (rebels === 'reactionary' && (season === 'summer' || season === 'winter'))) {
      const die = turn.dice.roll(6, `progress in ${id}: revolt of ${rebels} rebels on a 1`);
      if (die === 1) {
        state.nations[REBELS] ??= { id: REBELS, name: 'Rebels', gold: 0, tech: 1, capital: null, killOnSight: [] };
        state.units.push({ id: newUnitId(state, 'infantry'), type: 'infantry', nation: REBELS, province: id, tech: 1, supply: 0, builtTurn: state.turn });
        turn.announce('progress.revolt', { province: id, rebels, die });
        continue;
      }
    }
    if (state.turn - (p.occupiedSince ?? state.turn) + 1 >= options.annexTurns && forces.size === 1) {
      turn.announce('progress.annexed', { province: id, nation: p.occupier, from: p.owner });
      p.owner = p.occupier;
      p.occupier = null;
      delete p.occupiedSince;
    }
  }
}

/** "Tech progression takes effect": the levels production completed in an earlier turn. */
function techTakesEffect(turn: Turn): void {
  const extra = extraOf(turn.state);
  for (const b of extra.builds.filter((x) => x.completed)) {
    const n = turn.state.nations[b.nation];
    if (!n) continue;
    n.tech = Math.min(5, n.tech + 1) as typeof n.tech;
    turn.announce('progress.tech', { nation: b.nation, tech: n.tech });
  }
  extra.builds = extra.builds.filter((x) => !x.completed);
}
