// Combat as a pluggable strategy: the rule documents carry several battle systems, so a ruleset
// names its default and a game may pick another (`combat: civ-advanced` in game.yaml).
import type { Dice } from './dice.ts';
import type { CombatReport } from './report.ts';

export interface Combatant {
  id: string;
  nation: string;
  type: string;
  /** Extra data a combat system may read: era, class, modifier, militia... */
  [field: string]: unknown;
}

export interface BattleSide {
  nation: string;
  role: 'attacker' | 'defender';
  units: Combatant[];
  /** The nation this side aims its hits at, when its orders name one. */
  target?: string;
  /** A standing battle plan from the nation's orders, for systems that let players choose. */
  plan?: unknown;
}

export interface Battle {
  /** Province where it is fought; used in dice purposes and reports. */
  place: string;
  sides: BattleSide[];
  /** What a combat system may need about the place (a settlement, its era...). */
  context?: Record<string, unknown>;
}

export interface BattleRound {
  /** Free-form per system, but always JSON: a reader replays the battle from it. */
  [field: string]: unknown;
}

export interface BattleResult {
  /** Ids of every unit destroyed. */
  killed: string[];
  /** The nation left standing, or null when every side was destroyed. */
  winner: string | null;
  rounds: BattleRound[];
  /** Choices the system made for a player (default wave, damage order...), said in plain words. */
  notes: string[];
}

/** One mistake in a data file: where, and what is wrong (the game folder adds the file's name). */
export interface DataFileProblem {
  line?: number;
  field?: string;
  message: string;
}

/**
 * A file a GM may put in the game folder for a combat system (a unit table...). The folder loader
 * reads the text and hands it here, so the system itself does no I/O; the value becomes the option
 * at `option` of the game's options, where a ruleset offering the system nests its options.
 */
export interface CombatDataFile {
  file: string;
  /** What the file is, in a GM's words ("unit table"). */
  what: string;
  option: readonly [string, ...string[]];
  read(text: string): { value?: unknown; problems: DataFileProblem[] };
}

export interface CombatSystem {
  id: string;
  title: string;
  fight(battle: Battle, dice: Dice, options?: Record<string, unknown>): BattleResult;
  /** The rounds of a battle this system fought, in words, with their dice. */
  report?: CombatReport;
  dataFiles?: readonly CombatDataFile[];
}
