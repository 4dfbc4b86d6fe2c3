// Naval combat. The document's "Naval Combat Resolution" is "TODO"; ruling N1 of
// docs/rules/industrial.md: with option navalCombat `dice`, each ship rolls 1d6 (a battleship 2d6)
// plus its nation's tech level on each die, and the difference decides losses exactly as on land.
import { hostile } from './land-combat.ts';
import { lossesOf } from './stacks.ts';
import { isAbandoned, isShip, type IndustrialUnit } from './state.ts';
import type { Turn } from './turn.ts';

/**
 * Nation pairs whose ships fight at a place: [attacker, target, mutual, targeted], in the document's
 * order: "between mutually targeted boats - unilaterally targeted hostilities - mutually untargeted
 * hostile boats". Untargeted pairs (nations not at peace, neither on the other's kill-on-sight
 * list) fight only with option navalHostility: not-at-peace (ruling N2).
 */
export function hostileAtSea(turn: Turn, place: string): Array<[string, string, boolean, boolean]> {
  if (turn.map.province(place).kind !== 'sea') return []; // "Warships in port may not take part in combat"
  const nations = [...new Set(turn.state.units.filter((u) => u.province === place && isShip(u.type) && !isAbandoned(u)).map((u) => u.nation))].sort();
  const targets = (a: string, b: string) => turn.state.nations[a]?.killOnSight.includes(b) ?? false;
  const pairs: Array<[string, string, boolean, boolean]> = [];
  const untargeted = turn.options.navalHostility === 'not-at-peace';
  for (const a of nations) {
    for (const b of nations) {
      if (a >= b) continue;
      if (targets(a, b) && targets(b, a)) pairs.push([a, b, true, true]);
      else if (targets(a, b)) pairs.push([a, b, false, true]);
      else if (targets(b, a)) pairs.push([b, a, false, true]);
      else if (untargeted && hostile(turn.state, a, b)) pairs.push([a, b, true, false]);
    }
  }
  const rank = ([, , mutual, targeted]: [string, string, boolean, boolean]) => (targeted ? (mutual ? 0 : 1) : 2);
  return pairs.sort((x, y) => rank(x) - rank(y));
}

export function fightAtSea(turn: Turn, places: readonly string[], kind: 'submarine' | 'surface'): void {
  if (turn.options.navalCombat === 'none') return;
  const { state } = turn;
  for (const place of places) {
    for (const [attacker, target, mutual, targeted] of hostileAtSea(turn, place)) {
      // Submarines attack only the nations they target.
      if (kind === 'submarine' && !targeted) continue;
      const ships = (n: string, subsOnly: boolean) =>
        state.units.filter((u) => u.province === place && u.nation === n && isShip(u.type) && !isAbandoned(u) && (!subsOnly || u.type === 'submarine'));
      const a = ships(attacker, kind === 'submarine');
      const d = ships(target, false);
      if (!a.length || !d.length) continue;
      const roll = (list: IndustrialUnit[], nation: string) => {
        const tech = state.nations[nation]?.tech ?? 1;
        const dice = list.flatMap((s) =>
          Array.from({ length: s.type === 'battleship' ? 2 : 1 }, () => turn.dice.roll(6, `${kind} combat in ${place}: ${nation}'s ${s.type} ${s.id}`)),
        );
        return { dice, sum: dice.reduce((t, x) => t + x + tech, 0) };
      };
      const ra = roll(a, attacker);
      const rd = roll(d, target);
      const difference = ra.sum - rd.sum;
      const tens = Math.floor(Math.abs(difference) / 10);
      const casualties = turn.options.casualties === 'examples' ? Math.max(1, tens) : 1 + tens;
      const losing = difference <= 0 ? a : d;
      const order = ['warship', 'submarine', 'battleship'];
      const sunk = [...losing]
        .sort((x, y) => order.indexOf(x.type) - order.indexOf(y.type))
        .slice(0, casualties)
        .map((s) => s.id);
      const lost = new Set([...sunk, ...state.units.filter((u) => u.aboard && sunk.includes(u.aboard)).map((u) => u.id)]);
      const losses = lossesOf(state.units.filter((u) => lost.has(u.id)));
      state.units = state.units.filter((u) => !lost.has(u.id));
      turn.announce('naval.combat', {
        place,
        kind,
        attacker,
        defender: target,
        mutual,
        ...(!targeted && { untargeted: true }),
        attack: ra,
        defence: rd,
        difference,
        sunk,
        lost: [...lost],
        losses,
      });
    }
  }
}
