// What a nation's private map draws of its orders in force before the turn is played, as its update
// draws what they did (report.ts's turnMarks): armies and fleets moving, armies going aboard and
// ashore as arrows; purchases, structures, claims and disbands as marks.
import type { Order, TurnMarks } from '../../engine/index.ts';

type Marks = Pick<TurnMarks, 'arrows' | 'provinces'>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function boardNesOrderMarks(nation: string, orders: readonly Order[]): Marks {
  const marks: Marks = { arrows: [], provinces: [] };
  const move = (from: string, to: string) => from && to && marks.arrows.push({ kind: 'move', from, to, ok: true, nation });
  const mark = (province: string, kind: Marks['provinces'][number]['mark']) => province && marks.provinces.push({ province, mark: kind });
  for (const o of orders) {
    const province = str(o.province);
    if (o.kind === 'move' || o.kind === 'unload') move(province, str(o.target));
    else if (o.kind === 'load') move(str(o.from), province);
    else if (o.kind === 'buy-unit') mark(str(o.sea) || province, 'built');
    else if (o.kind === 'buy-structure') mark(province, 'structure');
    else if (o.kind === 'claim') mark(province, 'captured');
    else if (o.kind === 'disband') mark(province, 'disbanded');
  }
  return marks;
}
