// Events say what happened during a turn and why. Every event names who may see it, so views
// and reports filter by the same rule and a secret cannot leak through a forgotten special case.

/** 'public' for everyone (forum readers too); otherwise the nations that may see it. The GM sees all. */
export type Audience = 'public' | readonly string[];

export interface GameEvent {
  /** Dotted type, e.g. 'move.bounced', 'caravan.stolen', 'battle.fought'. */
  type: string;
  audience: Audience;
  /** The nation the event is about: the ordering nation when it answers an order (with `order`). */
  nation?: string;
  /** The order's index in that nation's list, when the event answers an order. */
  order?: number;
  /** Machine-readable reason code, when something failed. */
  reason?: string;
  /** On an order's result: the order was carried out, but every unit it moved was then lost. */
  unitsLost?: boolean;
  /** One sentence for people. */
  message?: string;
  [field: string]: unknown;
}

export function visibleTo(event: GameEvent, nation: string): boolean {
  return event.audience === 'public' || event.audience.includes(nation);
}

export function isPublic(event: GameEvent): boolean {
  return event.audience === 'public';
}

export function eventsFor(events: readonly GameEvent[], nation: string): GameEvent[] {
  return events.filter((e) => visibleTo(e, nation));
}

export function publicEvents(events: readonly GameEvent[]): GameEvent[] {
  return events.filter(isPublic);
}
