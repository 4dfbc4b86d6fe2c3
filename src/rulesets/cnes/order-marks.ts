// What a nation's private map draws of its orders in force before the turn is played, as its update
// draws what they did (marks.ts): a move or blitz as an arrow for each step of its path, a rebase
// as a move, ground support as a support arrow; units bought and improvements as marks.
import type { Order, TurnMarks } from '../../engine/index.ts';
import { pathOf, readOrder } from './orders.ts';

type Marks = Pick<TurnMarks, 'arrows' | 'provinces'>;

export function cnesOrderMarks(nation: string, orders: readonly Order[]): Marks {
  const marks: Marks = { arrows: [], provinces: [] };
  for (const order of orders) {
    const o = readOrder(order);
    if (!o?.province) continue;
    if (o.kind === 'move' || o.kind === 'blitz') {
      let from = o.province;
      for (const to of pathOf(o)) {
        marks.arrows.push({ kind: 'move', from, to, ok: true, nation });
        from = to;
      }
    } else if (o.kind === 'rebase' && o.target) marks.arrows.push({ kind: 'move', from: o.province, to: o.target, ok: true, nation });
    else if (o.kind === 'support' && o.target) marks.arrows.push({ kind: 'support', from: o.province, to: o.target, ok: true, nation });
    else if (o.kind === 'buy') marks.provinces.push({ province: o.province, mark: 'built' });
    else if (o.kind === 'improve') marks.provinces.push({ province: o.province, mark: 'structure' });
  }
  return marks;
}
