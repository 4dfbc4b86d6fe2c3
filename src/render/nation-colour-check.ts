// A game's own nation colours (game.yaml `colour:`) checked the way the palette is: two nations a
// reader cannot tell apart, in normal colour vision (CIEDE2000 under 15) or in any of the three kinds
// of colour blindness, and territory hard to tell from the unclaimed land or the sea. Warnings, not
// problems: the GM may insist (a scenario's conventional colours), so each says which nations, and
// the nearest palette colour that would be far enough.
import { ciede2000, leastDifference } from './colour-vision.ts';
import { TERRITORY_TINT } from './legend.ts';
import { MAP_COLOURS, NATION_PALETTE, tint } from './palette.ts';

/** CIEDE2000 between two nations' colours for normal vision: under this, they read as one colour. */
export const NATION_FLOOR = 15;
/** Lab distance between two nations' colours for each kind of colour vision (as the palette's twenty-four keep). */
export const COLOUR_BLIND_FLOOR = 8;
/** Lab distance between a nation's territory and the unclaimed land or the sea, for every kind of colour vision. */
export const GROUND_FLOOR = 20;

export interface ColourWarning {
  /** The game.yaml field to change: nations.<id>.colour. */
  field: string;
  /** The nations concerned, by id. */
  nations: string[];
  message: string;
}

interface Nation {
  name: string;
  colour: string;
}

type Clash = { kind: 'alike' | 'colour-blind'; distance: number } | null;

/** What keeps two nation colours from being told apart, if anything. */
function clash(a: string, b: string): Clash {
  const normal = ciede2000(a, b);
  if (normal < NATION_FLOOR) return { kind: 'alike', distance: normal };
  const least = Math.min(leastDifference(a, b), leastDifference(tint(a, TERRITORY_TINT), tint(b, TERRITORY_TINT)));
  return least < COLOUR_BLIND_FLOOR ? { kind: 'colour-blind', distance: least } : null;
}

/** The ground a nation's territory is hard to tell from: the unclaimed land, the sea, both or neither. */
function groundClash(colour: string): string[] {
  const territory = tint(colour, TERRITORY_TINT);
  const grounds = { 'unclaimed land': MAP_COLOURS.unclaimedLand, sea: MAP_COLOURS.sea };
  return Object.entries(grounds)
    .filter(([, ground]) => leastDifference(territory, ground) < GROUND_FLOOR)
    .map(([name]) => name);
}

/** The palette colour nearest `colour` that clashes with none of `others` nor the ground; none when every one does. */
export function suggestColour(colour: string, others: readonly string[]): string | undefined {
  const fit = NATION_PALETTE.filter((c) => !groundClash(c).length && others.every((o) => !clash(c, o)));
  return fit.sort((a, b) => ciede2000(colour, a) - ciede2000(colour, b))[0];
}

/** Every pair of nations too alike, and every nation too like the ground, in game.yaml's order. */
export function nationColourWarnings(nations: Readonly<Record<string, Nation>>): ColourWarning[] {
  const ids = Object.keys(nations);
  const warnings: ColourWarning[] = [];
  const advice = (id: string) => {
    const others = ids.filter((o) => o !== id).map((o) => nations[o].colour);
    const better = suggestColour(nations[id].colour, others);
    return better ? ` Try ${better} for ${nations[id].name}, the nearest palette colour far enough from the others.` : '';
  };
  ids.forEach((id, i) => {
    const nation = nations[id];
    for (const earlier of ids.slice(0, i)) {
      const found = clash(nations[earlier].colour, nation.colour);
      if (!found) continue;
      const pair = `${nations[earlier].name} (${nations[earlier].colour}) and ${nation.name} (${nation.colour})`;
      const why =
        found.kind === 'alike'
          ? `look almost the same (CIEDE2000 distance ${found.distance.toFixed(1)}; ${NATION_FLOOR} or more reads as two colours).`
          : `are hard to tell apart for colour-blind readers (distance ${found.distance.toFixed(1)}; ${COLOUR_BLIND_FLOOR} or more is needed).`;
      warnings.push({ field: `nations.${id}.colour`, nations: [earlier, id], message: `${pair} ${why}${advice(id)}` });
    }
    const ground = groundClash(nation.colour);
    if (ground.length)
      warnings.push({
        field: `nations.${id}.colour`,
        nations: [id],
        message: `${nation.name}'s territory (${nation.colour}, painted lighter) is hard to tell from the ${ground.join(' and the ')} on the map.${advice(id)}`,
      });
  });
  return warnings;
}
