// 7. Land battles, then who holds each province. Armies of different nations never share a land
// province: they fight to the death, a City's Militia standing with its owner. A province whose
// owner is beaten or absent passes to the armies holding it (a white one only when claimed), and
// a province that changes hands after a battle loses one structure level. An attack that breaks
// off (civ-advanced: neither side can destroy the other) falls back where it came from.
import { counted, type Combatant } from '../../../engine/index.ts';
import { aimOf, combatant, fight, type Belligerent } from '../battle.ts';
import { structureWord } from '../orders.ts';
import { downgrade, editProvince, ownerOf, structureOf } from '../state.ts';
import type { Turn } from '../turn.ts';
import { UnitIndex } from '../unit-index.ts';
import type { Arrival } from './armies.ts';
import { fallBack, type FallBack } from './fall-back.ts';

export function fightOnLand(turn: Turn, arrivals: readonly Arrival[]): void {
  const { state } = turn;
  const index = new UnitIndex(state.units);
  const arrived = new Set(arrivals.flatMap((a) => a.units));
  const rank = new Map(Object.keys(state.nations).map((n, i) => [n, i]));
  const killed = new Set<string>();
  const brokeOff: string[] = [];

  for (const province of [...index.provinces()]) {
    const here = index.in(province);
    // Most provinces hold one nation's armies and nothing to fight; settle that before allocating.
    if (here.every((u) => u.nation === here[0].nation) && here[0].nation === ownerOf(state, province)) continue;
    if (turn.map.province(province).kind === 'sea') continue;
    const armies = here.filter((u) => u.type === 'army');
    const nations = [...new Set(armies.map((u) => u.nation))].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    const owner = ownerOf(state, province);
    const structure = structureOf(state, province);
    const militia = structure === 'city' && owner !== null && nations.some((n) => n !== owner);
    if (nations.length < 2 && !militia) continue;

    const fighting = militia && !nations.includes(owner!) ? [owner!, ...nations] : nations;
    // The owner defends; in a province it does not hold, those who were there before the moves do.
    const defenders = fighting.includes(owner ?? '') ? [owner!] : fighting.filter((n) => armies.some((u) => u.nation === n && !arrived.has(u.id)));
    const sides: Belligerent[] = fighting.map((nation) => {
      const units: Combatant[] = armies.filter((u) => u.nation === nation).map((u) => combatant(u));
      // The Militia is the province's own levy: it stands in front of the armies.
      // It "counts as a Defending Army": foot soldiers of the game's era, for systems that ask.
      if (militia && nation === owner)
        units.unshift({ id: `militia:${province}`, nation, type: 'militia', militia: true, class: 'infantry', era: turn.options.era });
      return {
        nation,
        role: defenders.includes(nation) ? 'defender' : 'attacker',
        units,
        target: aimOf(
          turn,
          nation,
          province,
          fighting.filter((n) => n !== nation),
        ),
      };
    });
    sides.sort((a, b) => Number(a.role === 'attacker') - Number(b.role === 'attacker'));
    const result = fight(turn, province, 'land', sides, { owner, structure, militia });
    for (const id of result.killed) if (!id.startsWith('militia:')) killed.add(id);
    brokeOff.push(...result.brokeOff);
  }
  turn.removeUnits(killed);
  settleProvinces(turn, arrivals, fallBack(turn, arrivals, brokeOff));
}

/** Ownership after the battles, and the results of the orders that moved or claimed. */
function settleProvinces(turn: Turn, arrivals: readonly Arrival[], fellBack: FallBack): void {
  const { state } = turn;
  const index = new UnitIndex(state.units);
  const holder = (province: string) => index.in(province).find((u) => u.type === 'army')?.nation ?? null;
  const claims = turn.of('claim');
  const claimers = new Map<string, Set<string>>();
  for (const c of [
    ...arrivals.filter((a) => a.claim).map((a) => ({ nation: a.nation, province: a.to })),
    ...claims.map((c) => ({ nation: c.nation, province: c.order.province })),
  ]) {
    claimers.set(c.province, (claimers.get(c.province) ?? new Set()).add(c.nation));
  }
  const claimed = new Set<string>();
  const places = new Set([...arrivals.map((a) => a.to), ...claims.map((c) => c.order.province), ...turn.battles]);
  for (const province of places) {
    if (turn.map.province(province).kind === 'sea') continue;
    const owner = ownerOf(state, province);
    const now = holder(province);
    if (!now || now === owner) continue;
    if (owner === null && !claimers.get(province)?.has(now)) continue;
    const battle = turn.battles.has(province);
    const before = structureOf(state, province);
    const after = battle || (owner !== null && turn.options.unopposedCaptureDowngrades) ? downgrade(before) : before;
    const record = editProvince(state, province);
    record.owner = now;
    record.structure = after;
    if (owner === null) claimed.add(`${now}|${province}`);
    turn.announce(owner === null ? 'province.claimed' : 'province.captured', {
      province,
      nation: now,
      from: owner,
      structure: after,
      downgraded: before !== after ? { from: before, to: after } : undefined,
      message: `${turn.nationName(now)} ${owner === null ? 'claimed' : 'took'} ${turn.name(province)}${owner === null ? '' : ` from ${turn.nationName(owner)}`}${before !== after ? `; its ${structureWord(before!)} ${after ? `became a ${structureWord(after)}` : 'was destroyed'}` : ''}.`,
    });
  }

  const standing = new Set(state.units.map((u) => u.id));
  for (const a of arrivals) {
    const alive = a.units.filter((id) => standing.has(id)).length;
    const how = `${counted(a.units.length, 'army')} ${turn.map.province(a.from).kind === 'sea' ? 'landed' : 'moved'} from ${turn.name(a.from)} to ${turn.name(a.to)}`;
    const back = a.units.filter((id) => fellBack.back.has(id)).length;
    const lost = a.units.filter((id) => fellBack.lost.has(id)).length;
    const retreat =
      back + lost
        ? `; the attack broke off${back ? `, ${back} fell back to ${turn.name(a.from)}` : ''}${lost ? `, ${lost} had nowhere to fall back to and were lost` : ''}`
        : '';
    const fate = turn.battles.has(a.to) ? `; ${alive + lost} survived the battle there${retreat}` : '';
    const claim = a.claim ? (claimed.has(`${a.nation}|${a.to}`) ? ' and claimed it' : ownerOf(state, a.to) === a.nation ? '' : ', but did not claim it') : '';
    // A move carried out whose every unit then died in the battle is no success for its player.
    const destroyed = turn.battles.has(a.to) && alive === 0;
    turn.succeed(a.nation, a.index, `${how}${fate}${claim}${a.short ? ' (fewer than ordered: the rest were lost or already used)' : ''}.`, {
      claimed: a.claim ? claimed.has(`${a.nation}|${a.to}`) : undefined,
      ...(destroyed && { unitsLost: true }),
    });
  }
  for (const { nation, index: i, order } of claims) {
    if (claimed.has(`${nation}|${order.province}`)) turn.succeed(nation, i, `You claimed ${turn.name(order.province)}.`);
    else turn.fail(nation, i, 'CLAIM_FAILED', `You did not hold ${turn.name(order.province)} alone after the battles, so it was not claimed.`);
  }
}
