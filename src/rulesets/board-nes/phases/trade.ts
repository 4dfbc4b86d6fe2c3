// Trust a Thief: caravans are settled after the board, untouched by anything on it. A thief's
// minions take unescorted caravans first; a sender learns only how many of all its caravans came
// back, and the name of a thief only when an escorted caravan was taken.
import { counted } from '../../../engine/index.ts';
import type { StealOrder } from '../orders.ts';
import type { Turn } from '../turn.ts';
import type { Shipment } from './purchases.ts';

/** How many of `sent` caravans a theft order takes. "2 for every 5" counts only whole fives. */
function caravansStolen(order: Pick<StealOrder, 'mode' | 'count' | 'per'>, sent: number): number {
  const count = order.count ?? 0;
  if (order.mode === 'all') return sent;
  if (order.mode === 'all-but') return Math.max(0, sent - count);
  if (order.mode === 'per') return Math.min(sent, Math.floor(sent / (order.per ?? 1)) * count);
  return Math.min(sent, count);
}

export function settleCaravans(turn: Turn, shipments: readonly Shipment[]): void {
  const { caravanReturn, stolenCaravanValue } = turn.options;
  const steals = turn.of('steal');
  const takenBy = new Map<string, number>();
  const sent = new Map<string, { sent: number; returned: number }>();
  for (const shipment of shipments) {
    const { nation: victim, target: thief, count, escorts } = shipment;
    const theft = steals.find((s) => s.nation === thief && s.order.nation === victim);
    const stolen = theft ? caravansStolen(theft.order, count) : 0;
    const escortedStolen = Math.max(0, stolen - (count - escorts));
    const tally = sent.get(victim) ?? { sent: 0, returned: 0 };
    tally.sent += count;
    tally.returned += count - stolen;
    sent.set(victim, tally);
    if (!stolen) continue;
    turn.ledger(thief).theft += stolen * stolenCaravanValue;
    takenBy.set(`${thief}#${theft!.index}`, stolen);
    turn.tell([thief], 'caravan.stolen', {
      thief,
      victim,
      count: stolen,
      gold: stolen * stolenCaravanValue,
      message: `Your minions stole ${stolen} of ${turn.nationName(victim)}'s caravans, worth ${stolen * stolenCaravanValue} gold.`,
    });
    if (escortedStolen) {
      turn.tell([victim], 'caravan.stolen', {
        thief,
        victim,
        escortSaw: true,
        escorted: escortedStolen,
        message: `Your escorts came back with bad news: ${turn.nationName(thief)} stole ${escortedStolen === 1 ? 'an escorted caravan' : counted(escortedStolen, 'escorted caravan')}.`,
      });
    }
  }
  for (const [nation, tally] of sent) {
    turn.ledger(nation).caravans += tally.returned * caravanReturn;
    turn.tell([nation], 'caravans.returned', {
      nation,
      sent: tally.sent,
      returned: tally.returned,
      gold: tally.returned * caravanReturn,
      message: caravansBack(tally.sent, tally.returned, tally.returned * caravanReturn),
    });
  }
  for (const { nation, index, order } of steals) {
    const stolen = takenBy.get(`${nation}#${index}`) ?? 0;
    const victim = turn.nationName(order.nation);
    turn.succeed(nation, index, stolen ? `Your minions stole ${counted(stolen, 'caravan')} from ${victim}.` : `Your minions stole nothing from ${victim}.`);
  }
}

/** What came back of a nation's caravans, as its report and its event say it. */
export function caravansBack(sent: number, returned: number, gold: number): string {
  const bringing = returned ? `, bringing ${counted(gold, 'gold')}` : '';
  if (sent === 1) return `The caravan you sent out ${returned ? 'came back' : 'did not come back'}${bringing}.`;
  return `Of the ${counted(sent, 'caravan')} you sent out, ${returned || 'none'} came back${bringing}.`;
}
