// What a nation's private map draws of its orders in force before the turn is played: the arrows
// its update would draw of them (report.ts's turnMarks reads the same slots from revealed orders),
// and its builds and disbands as marks.
import type { Order, TurnMarks } from '../../engine/index.ts';

type Marks = Pick<TurnMarks, 'arrows' | 'provinces'>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function warfareOrderMarks(nation: string, orders: readonly Order[]): Marks {
  const marks: Marks = { arrows: [], provinces: [] };
  for (const o of orders) {
    const [from, to, subject] = [str(o.province), str(o.target), str(o.subject)];
    if (!from) continue;
    if ((o.kind === 'move' || o.kind === 'retreat') && to) marks.arrows.push({ kind: o.kind, from, to, ok: true, nation });
    else if ((o.kind === 'support' || o.kind === 'convoy') && subject)
      marks.arrows.push({ kind: o.kind, from, to: subject, ...(to ? { via: to } : {}), ok: true, nation });
    else if (o.kind === 'build') marks.provinces.push({ province: from, mark: 'built' });
    else if (o.kind === 'disband') marks.provinces.push({ province: from, mark: 'disbanded' });
  }
  return marks;
}
