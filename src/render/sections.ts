// Report sections for Diplomacy-style rulesets (warfare): dislodged units and their retreats, and
// the adjustments (builds and disbands). Their events carry the facts but often no sentence, so
// the sentences are written here from the fields.
import type { GameEvent, PublicView } from '../engine/index.ts';
import type { Names } from './battles.ts';

const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

export function dislodgementLines(events: readonly GameEvent[], names: Names): string[] {
  return events
    .filter((e) => e.type === 'unit.dislodged')
    .map((e) => {
      const retreats = Array.isArray(e.retreats) ? (e.retreats as string[]) : [];
      const where = retreats.length ? `it may retreat to ${retreats.map((p) => names.province(p)).join(', ')}` : 'it has nowhere to retreat';
      return `${names.nation(String(e.nation))}'s ${String(e.unitType ?? 'unit')} in ${names.province(String(e.from))} was dislodged by the attack from ${names.province(String(e.by))}; ${where}.`;
    });
}

/** Builds, disbands and waived builds of an adjustment step, then what each nation must do next. */
export function adjustmentLines(view: PublicView, events: readonly GameEvent[], names: Names): string[] {
  const lines: string[] = [];
  for (const e of events) {
    const nation = names.nation(String(e.nation));
    if (e.type === 'unit.built') lines.push(`${nation} built ${article(String(e.unitType ?? 'unit'))} in ${names.province(String(e.province))}.`);
    else if (e.type === 'unit.disbanded' && e.reason === 'ORDERED' && !e.message) lines.push(`${nation} disbanded its ${String(e.unitType ?? 'unit')} in ${names.province(String(e.province))}.`);
    else if (e.type === 'builds.waived') lines.push(`${nation} waived ${String(e.count)} build${e.count === 1 ? '' : 's'}.`);
  }
  for (const n of view.nations) {
    if (typeof n.adjustment !== 'number' || n.adjustment === 0) continue;
    const count = Math.abs(n.adjustment);
    lines.push(n.adjustment > 0 ? `${n.name} may build ${count} unit${count === 1 ? '' : 's'}.` : `${n.name} must disband ${count} unit${count === 1 ? '' : 's'}.`);
  }
  return lines;
}
