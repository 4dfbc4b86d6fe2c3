// A number a GM writes in game.yaml for a nation's start (its gold, a mission's reward): read as
// the number it is, or refused with the nation and field named, so `gold: ten` is a problem when
// the game is validated instead of a treasury that buys without limit.

/** The amount, or `fallback` when the field is not given; anything but a number of 0 or more throws. */
export function startingAmount(nation: string, field: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new Error(`${nation}: ${field} must be a number, 0 or more; got ${JSON.stringify(value)}.`);
  return value;
}
