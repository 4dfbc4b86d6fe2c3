// What a page shows of the game's press (src/store/stored-press.ts), newest first: on a nation's
// page the press it sent and the press sent to it, on the game's public page the press sent to
// every nation. A reader sees of each what the relay's email showed its recipients (the sender's
// name, or "Anonymous" for anonymous press; whom it went to; the text) and when it was sent. Only
// the sender's own page says who sent anonymous press, and press between other nations is on no
// page of a nation but theirs.
import { PRESS_KEPT, type StoredPress } from '../store/stored-press.ts';
import { nationNames } from './web-context.ts';

/** Press shown on a page; older press is in the players' mail. */
export const PRESS_SHOWN = 50;

export interface PressItem {
  /** When it was sent (ISO), and the same in UTC words for a reader without the page's script. */
  at: string;
  atUtc: string;
  /** "You" on the sender's own page, else the sender's name, or "Anonymous". */
  from: string;
  recipients: string;
  /** Sent by the page's own nation. */
  mine: boolean;
  anonymous: boolean;
  text: string;
}

export interface PressList {
  items: PressItem[];
  /** Older press was left out: past PRESS_SHOWN, or no longer kept. */
  cut: boolean;
}

type Config = { nations: Record<string, { name: string }> };

/** The press a nation sent and received. */
export function nationPress(all: readonly StoredPress[], config: Config, nation: string): PressList {
  const seen = all.filter((p) => p.from === nation || p.to.includes(nation));
  return listOf(
    all,
    seen.map((p) => (p.from === nation ? item(p, 'You', true) : item(p, senderOf(p, config), false))),
  );
}

/** The game's public press: what was sent to every nation. */
export function publicPress(all: readonly StoredPress[], config: Config): PressList {
  return listOf(
    all,
    all.filter((p) => p.everyone).map((p) => item(p, senderOf(p, config), false)),
  );
}

function senderOf(p: StoredPress, config: Config): string {
  return p.anonymous ? 'Anonymous' : nationNames(config, [p.from])[0];
}

function item(p: StoredPress, from: string, mine: boolean): PressItem {
  return { at: p.at, atUtc: new Date(p.at).toUTCString(), from, recipients: p.recipients, mine, anonymous: p.anonymous, text: p.text };
}

function listOf(all: readonly StoredPress[], shown: PressItem[]): PressList {
  return { items: shown.slice(0, PRESS_SHOWN), cut: shown.length > PRESS_SHOWN || all.length >= PRESS_KEPT };
}
