// The nation page's click-to-order: pick one of the nation's units or provinces (on the map, or in
// the first list), then the province it acts toward (on the map, or the second list, or none),
// and the orders the game would take there (src/web/nation-choices.ts) are offered, one button
// each, to add to the orders box. The lists make it work by keyboard as well as by clicking; the
// page's script shows it (assets/web/site.js), since without script the box is typed in.
import type { Game } from '../game/open-game.ts';

export interface OrderPicker {
  choicesUrl: string;
  /** Where the nation has units, then the other provinces it holds. */
  from: Array<{ id: string; name: string }>;
  /** Every province of the map, by name. */
  toward: Array<{ id: string; name: string }>;
}

export function orderPicker(game: Game, nation: string, choicesUrl: string): OrderPicker {
  const view = game.ruleset.privateView(game.ctx, game.state, [], nation);
  const name = (id: string) => (game.map.has(id) ? game.map.province(id).name : id);
  const withUnits = [...new Set(view.units.filter((u) => u.nation === nation).map((u) => u.province))];
  const held = Object.entries(view.provinces)
    .filter(([id, p]) => p.owner === nation && !withUnits.includes(id))
    .map(([id]) => id);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    choicesUrl,
    from: [...withUnits.map((id) => ({ id, name: `${name(id)} (your units)` })).sort(byName), ...held.map((id) => ({ id, name: name(id) })).sort(byName)],
    toward: game.map
      .ids()
      .map((id) => ({ id, name: name(id) }))
      .sort(byName),
  };
}
