// CNES heat combat in words: each heat shot by shot (rolls, hits, pierces), the medics' heals and
// the officers' rolls, for the reports of the nations that fought. A ruleset names the units (its
// nation and card) through `label`; without it a unit is its id.
import type { CombatReport, Phrase, Sentence } from '../../engine/index.ts';
import type { HeatRecord, OfficerRecord } from './battle.ts';
import { veterancyName } from './officers.ts';

/** How a unit is named in the lines: "Red Republic's tank (u7)". */
export type UnitLabel = (id: string) => Phrase[];

/** The heats shot by shot, the medics' rolls and the officers' fates, one sentence each. */
export function heatLines(heats: readonly HeatRecord[], officers: readonly OfficerRecord[] = [], label: UnitLabel = (id) => [id]): Sentence[] {
  const lines: Sentence[] = [];
  for (const heat of heats) {
    // A heat in which nobody could shoot or heal (every side out of range or targets) says nothing.
    if (!heat.shots.length && !heat.heals.length) continue;
    lines.push([`Heat ${heat.heat}:`]);
    for (const s of heat.shots) {
      const how =
        s.critical === 20
          ? 'critical hit'
          : s.hit
            ? `to hit ${s.hit[0]} against ${s.hit[1]}${s.pierce ? `, pierce ${s.pierce[0]} against ${s.pierce[1]}` : ''}`
            : '';
      lines.push(['  ', ...label(s.shooter), s.splash ? ' splashes ' : ' shoots ', ...label(s.target), `: ${how}${s.kills ? ' - killed' : ' - missed'}`]);
    }
    for (const h of heat.heals) lines.push(['  medic ', ...label(h.medic), ` rolls ${h.roll}`, ...(h.healed ? [', heals ', ...label(h.healed)] : [])]);
  }
  for (const o of officers) {
    if (o.promoted !== undefined) lines.push(['Officer ', ...label(o.officer), ` promoted to ${veterancyName(o.promoted)}.`]);
    if (o.rolls) lines.push(['Officer ', ...label(o.officer), ` rolls ${o.rolls.join(', ')}${o.killed ? ': killed' : ': survives'}.`]);
  }
  return lines;
}

export const cnesHeatReport: CombatReport = {
  rounds: (rounds) => heatLines(rounds as unknown as HeatRecord[]),
};
