// "Diplomacy Rules": at peace by default; allied when both name it in their orders; at war when one
// nation's armies enter another's territory unallied (movement.ts), or when one declares it.
import { statusOf, setStatus, type Status } from '../state.ts';
import type { Turn } from '../turn.ts';

export function settleRelations(turn: Turn): void {
  const { state } = turn;
  const asked = new Map<string, Set<string>>();
  for (const a of turn.accepted) {
    if (!a.order.nation) continue;
    const key = `${a.order.kind}:${a.nation}`;
    (asked.get(key) ?? asked.set(key, new Set()).get(key)!).add(a.order.nation);
  }
  const named = (kind: string, from: string, to: string) => asked.get(`${kind}:${from}`)?.has(to) ?? false;
  for (const a of turn.accepted) {
    const other = a.order.nation;
    if (!other) continue;
    const now = statusOf(state, a.nation, other);
    const mutual = named(a.order.kind, other, a.nation);
    let next: Status | null = null;
    if (a.order.kind === 'ally' && now !== 'allied') next = mutual ? 'allied' : null;
    // Ending an alliance takes one nation; ending a war takes both.
    if (a.order.kind === 'peace' && now === 'allied') next = 'peace';
    if (a.order.kind === 'peace' && now === 'war' && mutual) next = 'peace';
    if (a.order.kind === 'war' && now !== 'war') next = 'war';
    if (next) changeStatus(turn, a.nation, other, next, a.order.kind === 'war' ? 'declared' : 'agreed');
    else if (a.order.kind === 'ally' && now !== 'allied') turn.tell([a.nation, other], { type: 'alliance.proposed', nation: a.nation, with: other });
  }
}

export function changeStatus(turn: Turn, a: string, b: string, status: Status, why: string): void {
  const { state } = turn;
  const before = statusOf(state, a, b);
  if (before === status) return;
  setStatus(state, a, b, status);
  turn.announce({ type: 'relation.changed', nation: a, with: b, from: before, to: status, why });
}
