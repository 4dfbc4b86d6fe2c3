// Orders in plain words, for confirmations and reports.
import { nationNameOf, type Order, type RulesetContext } from '../../engine/index.ts';
import { improvementName } from './economy.ts';
import type { CnesOptions } from './options.ts';
import { pathOf, readOrder } from './orders.ts';

export function describeOrder(ctx: RulesetContext<CnesOptions>, raw: Order): string {
  const o = readOrder(raw);
  if (!o) return `An order "${raw.kind}" this game does not know.`;
  const name = (id: string | undefined) => (id && ctx.map.has(id) ? ctx.map.province(id).name : String(id));
  const who = `${o.count === undefined || o.count === 'all' ? 'Your' : `${o.count} of your`} ${o.unitKind ?? 'units'} in ${name(o.province)}:`;
  switch (o.kind) {
    case 'move':
      return `${who} move to ${pathOf(o).map(name).join(', then ')}.`;
    case 'blitz':
      return `${who} blitz through ${pathOf(o).map(name).join(', then ')}.`;
    case 'fortify':
      return `${who} fortify.`;
    case 'hold':
      return `${who} hold.`;
    case 'support':
      return `${who} give ground support in ${name(o.target)}.`;
    case 'intercept':
      return `${who} intercept.`;
    case 'rebase':
      return `${who} rebase to ${name(o.target)}.`;
    case 'buy':
      return `You buy ${o.count ?? 1} ${o.unitKind} in ${name(o.province)}.`;
    case 'improve':
      return `You build ${improvementName(o.improvement!)} in ${name(o.province)}.`;
    case 'raze':
      return `You start razing ${improvementName(o.what!)} in ${name(o.province)}.`;
    case 'stop-razing':
      return `You stop the razing in ${name(o.province)}.`;
    case 'ally':
      return `You name ${nationNameOf(ctx, String(o.nation))} as your ally.`;
    case 'peace':
      return `You make peace with ${nationNameOf(ctx, String(o.nation))}.`;
    case 'war':
      return `You declare war on ${nationNameOf(ctx, String(o.nation))}.`;
  }
}
