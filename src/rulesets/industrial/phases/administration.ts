// Administration phase: a nation that controls no capital must establish a provisional capital;
// change of leadership is announced.
import { REBELS, controllerOf } from '../state.ts';
import type { Turn } from '../turn.ts';

export function administer(turn: Turn): void {
  const { state } = turn;
  for (const a of turn.of('provisional-capital')) {
    if (controllerOf(state, a.order.province) !== a.nation) {
      turn.fail(a, 'NOT_CONTROLLED', `You no longer control ${turn.name(a.order.province)}.`);
      continue;
    }
    state.nations[a.nation].provisionalCapital = a.order.province;
    turn.announce('administration.provisional-capital', { nation: a.nation, province: a.order.province });
    turn.done(a, `${turn.name(a.order.province)} is your provisional capital.`);
  }
  for (const a of turn.of('leader')) {
    state.nations[a.nation].leader = a.order.name;
    turn.announce('administration.leader', { nation: a.nation, leader: a.order.name });
    turn.done(a, `${a.order.name} now leads your nation.`);
  }
  // A recovered capital ends the provisional one.
  for (const n of Object.values(state.nations)) if (n.capital && controllerOf(state, n.capital) === n.id && n.provisionalCapital) delete n.provisionalCapital;
}

/** The seat of government: the capital if held, else the provisional capital. */
export function seatOf(turn: Pick<Turn, 'state'>, nation: string): string | null {
  const n = turn.state.nations[nation];
  if (n?.capital && controllerOf(turn.state, n.capital) === nation) return n.capital;
  return n?.provisionalCapital ?? null;
}

/** Ruling R1: a nation that holds no capital and named none gets the first province it controls. */
export function defaultCapitals(turn: Turn): void {
  const { state } = turn;
  for (const n of Object.values(state.nations)) {
    if (n.id === REBELS || seatOf(turn, n.id)) continue;
    const pick = Object.keys(state.provinces)
      .sort()
      .find((p) => controllerOf(state, p) === n.id && state.provinces[p].owner === n.id);
    if (!pick) continue;
    n.provisionalCapital = pick;
    turn.announce('administration.provisional-capital', { nation: n.id, province: pick, byDefault: true });
  }
}
