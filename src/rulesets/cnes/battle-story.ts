// CNES battles as a GM tells them: "Red Republic's 2 infantry and 1 tank attacked Midmarch, held by
// Blue Dominion's 2 infantry; Red Republic lost 1 infantry, Blue Dominion lost 2 infantry; Midmarch
// fell to Red Republic." The heats and their dice follow, for readers who want them, only where the
// audience saw them (the nations that fought, and the GM). Events are those of phases/battles.ts.
import { heatLines, veterancyName, type HeatRecord, type OfficerRecord } from '../../combat/cnes-heat/index.ts';
import { counted, listOf, nation, province, say, type BattleStory, type Combatant, type GameEvent, type Phrase, type Sentence } from '../../engine/index.ts';

export interface Force {
  nation: string;
  kinds: Record<string, number>;
}

interface SideFields {
  nation: string;
  role: string;
  units: number;
  survived: number;
  forces?: Force[];
  losses?: Force[];
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** "3 infantry, 1 tank and 1 officer"; a force ("Red Republic's 3 infantry, tank and officer") counts only what is several. */
export function kindsWords(kinds: Record<string, number>, force = false): string {
  const parts = Object.entries(kinds).map(([k, n]) => (force && n === 1 ? k : counted(n, k)));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? 'no units');
}

/** "Red Republic's 2 infantry with Green League's 1 militia". */
function forcesWords(forces: readonly Force[]): Sentence {
  return listOf(
    forces.map((f) => say`${nation(f.nation)}'s ${kindsWords(f.kinds, true)}`),
    ' with ',
  );
}

function lossWords(sides: readonly SideFields[]): Sentence {
  const lines = sides.flatMap((s) =>
    (s.forces ?? []).map((f) => {
      const lost = s.losses?.find((l) => l.nation === f.nation);
      return say`${nation(f.nation)} lost ${lost ? kindsWords(lost.kinds) : 'nothing'}`;
    }),
  );
  return listOf(lines, ', ');
}

function outcome(e: GameEvent, sides: readonly SideFields[], events: readonly GameEvent[]): Sentence {
  const place = str(e.place);
  const winner = str(e.winner);
  const won = sides.find((s) => s.nation === winner);
  const fell = events.find((o) => o.type === 'province.occupied' && o.province === place && (won?.forces ?? []).some((f) => f.nation === o.nation));
  if (fell) return say`${province(place)} fell to ${nation(str(fell.nation))}`;
  if (won?.role === 'defender') return say`${nation(winner)} held ${province(place)}`;
  if (won) return say`${nation(winner)} won the field`;
  if (sides.every((s) => s.survived === 0)) return ['no one was left standing'];
  return ['neither side won, and both fell back'];
}

function officerWords(e: GameEvent): Sentence[] {
  const officers = (Array.isArray(e.officers) ? e.officers : []) as Array<{ nation: string; promoted?: number; killed?: boolean }>;
  return officers.map((o) =>
    o.killed ? say` ${nation(o.nation)}'s officer was killed.` : say` ${nation(o.nation)}'s officer was promoted to ${veterancyName(o.promoted ?? 0)}.`,
  );
}

/** The story of one battle.fought event. */
export function battleStory(e: GameEvent, events: readonly GameEvent[]): Sentence {
  const place = str(e.place);
  const sides = (Array.isArray(e.sides) ? e.sides : []) as SideFields[];
  const attackers = sides.filter((s) => s.role === 'attacker');
  const defenders = sides.filter((s) => s.role !== 'attacker');
  const forces = (list: SideFields[]) => forcesWords(list.flatMap((s) => s.forces ?? []));
  const opening: Sentence = defenders.length
    ? [...forces(attackers), ' attacked ', province(place), ', held by ', ...forces(defenders)]
    : [...forces(attackers.slice(0, 1)), ' clashed with ', ...forces(attackers.slice(1)), ' in ', province(place)];
  return [...opening, '; ', ...lossWords([...attackers, ...defenders]), '; ', ...outcome(e, sides, events), '.', ...officerWords(e).flat()];
}

/** "Red Republic's tank (u7)", from the units the heats event lists. */
function labeller(heats: GameEvent): (id: string) => Phrase[] {
  const units = new Map<string, Combatant>();
  for (const side of (Array.isArray(heats.sides) ? heats.sides : []) as Array<{ units: Combatant[] }>) for (const u of side.units) units.set(u.id, u);
  return (id) => {
    const u = units.get(id);
    return u ? [nation(u.nation), `'s ${u.type} (${id})`] : [id];
  };
}

export function battleStories(events: readonly GameEvent[]): BattleStory[] {
  const heatsOf = new Map(events.filter((e) => e.type === 'battle.heats').map((e) => [e.battle, e]));
  const fought = events.filter((e) => e.type === 'battle.fought');
  return fought.map((e) => {
    const place = str(e.place);
    const earlier = fought.filter((o) => o.place === place && Number(o.battle) < Number(e.battle)).length;
    const heats = heatsOf.get(e.battle);
    return {
      province: place,
      title: [e.kind === 'clash' ? 'Clash in ' : 'Battle of ', province(place), ...(earlier ? [` (${earlier + 1})`] : [])],
      story: battleStory(e, events),
      dice: heats ? heatLines(heats.rounds as HeatRecord[], heats.officers as OfficerRecord[], labeller(heats)) : [],
      notes: [],
    };
  });
}
