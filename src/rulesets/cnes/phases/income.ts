// "Provincial Income": each nation's $ at the end of the turn, after provinces have changed hands.
import { incomes } from '../economy.ts';
import type { Turn } from '../turn.ts';

export function collectIncome(turn: Turn): void {
  const { state, ctx } = turn;
  const earned = incomes(ctx.map, state, ctx.options);
  for (const [nation, ledger] of turn.ledgers) {
    ledger.income = earned.get(nation) ?? 0;
    state.nations[nation].gold += ledger.income;
    ledger.total = state.nations[nation].gold;
    turn.tell([nation], { type: 'ledger', nation, ledger: { ...ledger } });
  }
}
