// What forum readers and each kingdom see: the board (units, owners, landmarks), each kingdom's
// Might and adjustment, the units waiting to retreat, and the events their audience allows.
import { baseNationView, basePublicView, type GameEvent, type NationView, type PublicView, type RulesetContext } from '../../engine/index.ts';
import { warfareMap } from './map-index.ts';
import type { WarfareOptions } from './options.ts';
import { mightOf } from './ownership.ts';
import { dislodgedOf, seasonOf, yearOf, type WarfareState } from './state.ts';

function warfareFacts(ctx: RulesetContext<WarfareOptions>, state: WarfareState, view: PublicView) {
  const map = warfareMap(ctx.map);
  const might = mightOf(map, state);
  return {
    season: seasonOf(state),
    year: yearOf(state),
    nations: view.nations.map((n) => {
      const { might: score, supplyCenters, mercenaries, adjustment } = might.get(n.id)!;
      return { ...n, might: score, supplyCenters, mercenaries, ...(state.phase === 'adjustments' ? { adjustment } : {}) };
    }),
    dislodged: dislodgedOf(state).map((d) => ({ unit: structuredClone(d.unit), by: d.by, retreats: [...d.retreats] })),
    landmarks: map.ids.flatMap((id, p) =>
      map.landmarks[p].length ? [{ province: id, landmarks: [...map.landmarks[p]], owner: state.provinces[id]?.owner ?? null }] : [],
    ),
  };
}

export function publicView(ctx: RulesetContext<WarfareOptions>, state: WarfareState, events: readonly GameEvent[]): PublicView {
  const view = basePublicView(state, events);
  return { ...view, ...warfareFacts(ctx, state, view) };
}

export function privateView(ctx: RulesetContext<WarfareOptions>, state: WarfareState, events: readonly GameEvent[], nation: string): NationView {
  const view = baseNationView(state, events, nation);
  return { ...view, ...warfareFacts(ctx, state, view) };
}
