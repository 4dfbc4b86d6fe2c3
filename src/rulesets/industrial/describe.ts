// Orders in plain words, for confirmations: "Your 2 infantry in Paris march to Burgundy."
import { nationNameOf, type Order, type RulesetContext } from '../../engine/index.ts';
import type { IndustrialOptions } from './options.ts';
import { partiesOf, readOrder } from './orders.ts';

export function describeOrder(ctx: RulesetContext<IndustrialOptions>, raw: Order): string {
  const { map } = ctx;
  const o = readOrder(raw);
  if (!o) return `An order of kind "${raw.kind}" that is not understood.`;
  const name = (id: string) => (map.has(id) ? map.province(id).name : id);
  const forces = (x: { province: string; unitType?: string; count?: number }) =>
    `Your ${x.count ? `${x.count} ` : x.unitType ? '' : 'forces '}${x.unitType ?? ''}${x.unitType || x.count ? ' ' : ''}in ${name(x.province)}`.replace(
      /\s+/g,
      ' ',
    );
  switch (o.kind) {
    case 'deploy':
      return `You deploy ${o.count ?? 1} ${o.unitType} in ${name(o.sea ?? o.province)}.`;
    case 'attack':
      return `Your ships attack ${nationNameOf(ctx, o.nation)}'s ships on sight.`;
    case 'cease-fire':
      return `Your ships stop attacking ${nationNameOf(ctx, o.nation)}'s ships on sight.`;
    case 'transfer':
      return `${forces(o)} pass to the control of ${nationNameOf(ctx, o.nation)}.`;
    case 'sail':
      return `${forces(o)} sail to ${name(o.target)} (one movement action).`;
    case 'disembark':
      return `${forces(o)} disembark onto ${name(o.target)}${o.invade ? ' and invade it' : ''}.`;
    case 'embark':
      return `${forces(o)} board your ships in ${name(o.target)}.`;
    case 'supply-coast':
      return `Your ships in ${name(o.province)} supply your forces in ${name(o.target)}.`;
    case 'support-coast':
      return `Your ships in ${name(o.province)} support your forces fighting in ${name(o.target)}.`;
    case 'blockade':
      return `Your ships in ${name(o.province)} blockade ${name(o.target)}.`;
    case 'salvage':
      return `Your ships in ${name(o.province)} salvage an abandoned ship there.`;
    case 'rail':
      return `${forces(o)} go by rail to ${name(o.target)}.`;
    case 'march':
      return `${forces(o)} march to ${name(o.target)}.`;
    case 'entrench':
      return `Your forces in ${name(o.province)} entrench.`;
    case 'support-defence':
      return `Your infantry in ${name(o.province)} support the defence of ${name(o.target)}.`;
    case 'support-attack':
      return `Your forces in ${name(o.province)} support the invasion of ${name(o.target)}.`;
    case 'cut-support':
      return `Your forces in ${name(o.province)} cut the support offered from ${name(o.target)}.`;
    case 'invade':
      return `${forces(o)} invade ${name(o.target)}.`;
    case 'provisional-capital':
      return `You establish a provisional capital in ${name(o.province)}.`;
    case 'leader':
      return `${o.name} takes the leadership of your nation.`;
    case 'disband':
      return `${forces(o)} are disbanded.`;
    case 'build':
      return `You build ${o.count && o.count > 1 ? `${o.count} ` : ''}${o.what}${o.province ? ` in ${name(o.province)}` : ' in your capital'}${o.sea ? `, launched into ${name(o.sea)}` : ''}.`;
    case 'authorize-payment':
      return `You authorize payment ${o.payment}.`;
    case 'cancel-payment':
      return `You cancel payment ${o.payment}.`;
    case 'draft-treaty':
      return `You draft a public treaty with ${partiesOf(o).join(', ')}${o.peace ? ': peace' : ''}${o.amount ? `${o.peace ? ',' : ':'} ${o.payer} pays ${o.amount} to ${o.payee} each season` : ''}.`;
    case 'ratify-treaty':
      return `You ratify treaty ${o.treaty}.`;
    case 'record-agreement':
      return `You record a private agreement with ${partiesOf(o).join(', ')}: "${o.terms}".`;
    case 'expunge-agreement':
      return `You expunge private agreement ${o.agreement}.`;
  }
}
