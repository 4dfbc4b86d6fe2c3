// Production phase: builds whose time is up are placed; the rest advance a turn. A tech level
// completed here stays in the builds until the next progress phase, where "Tech progression
// takes effect" (ruling P3), so it does not count in the combats that come before it.
import { place } from './new-game.ts';
import { isUnitBuild } from './economy.ts';
import { editProvince, extraOf, type UnitType } from '../state.ts';
import type { Turn } from '../turn.ts';

export function produce(turn: Turn): void {
  const { state } = turn;
  const extra = extraOf(state);
  const ready = extra.builds.filter((b) => b.readyTurn <= state.turn && !b.completed);
  extra.builds = extra.builds.filter((b) => b.readyTurn > state.turn || b.completed || b.what === 'tech');
  for (const b of ready) {
    if (!state.nations[b.nation]) continue;
    if (isUnitBuild(b.what)) {
      place(turn, b.nation, b.what as UnitType, b.sea ?? b.province, 1, 'production.completed');
      continue;
    }
    const p = editProvince(state, b.province);
    switch (b.what) {
      case 'port':
        p.port = Math.max(1, p.port ?? 0);
        break;
      case 'port-upgrade':
        p.port = (p.port ?? 0) + 1;
        break;
      case 'factory':
        p.factory = true;
        break;
      case 'academy':
        p.academy = true;
        break;
      case 'fort':
      case 'fort-reactivate':
        p.fort = 'active';
        break;
      case 'fort-mothball':
        p.fort = 'mothballed';
        break;
      case 'railroad':
        p.railroad = true;
        break;
      case 'canal':
        p.canal = true;
        break;
      case 'province-upgrade':
        p.level = (p.level ?? 0) + 1;
        break;
      case 'tech':
        b.completed = true;
        break;
      default:
        break; // canal investments and programs for displaced workers leave no building
    }
    turn.announce('production.completed', { nation: b.nation, what: b.what, province: b.province });
  }
}
