// What the civ-advanced combat system reads from a Battle, and what it writes into a battle's rounds.
//
// A ruleset supplies, on each Combatant (any field may be left out when `unitKind` is in the unit table):
//   unitKind?: string      kind in the unit table, e.g. 'swordsmen' (falls back to Combatant.type)
//   era?: number           1 ancient, 2 medieval, 3 gunpowder/industrial, 4 modern (overrides the table)
//   class?: UnitClass      'infantry' | 'cavalry' | 'artillery' | 'aircraft' | 'naval' (overrides the table)
//   modifier?: number      base unit modifier (overrides the table)
//   enhancement?: number   technology enhancement, added to the modifier ("+X per enhanced unit")
//   aircraftDice?: number  aircraft only: what each aircraft die is multiplied by (overrides the table)
// on `battle.context` a CivAdvancedContext, and on each side's `plan` a CivAdvancedPlan (see options.ts
// for their zod schemas). The attacker is the side with role 'attacker'.
//
// The dice are rolled in this order, each phase: the attacker's wave (in the order the ruleset listed
// the side's units), the attacker's flying aircraft (same order), then the defender's likewise.

export const unitClasses = ['infantry', 'cavalry', 'artillery', 'aircraft', 'naval'] as const;
export type UnitClass = (typeof unitClasses)[number];

/** One line of the Military Units Strength Table. */
export interface UnitEntry {
  /** Singular name for reports ("1 catapult"); the table's key is the plural. */
  singular?: string;
  era: number;
  class: UnitClass;
  /** Base unit or enhancement modifier added to the damage total (+1 per catapult, +2 per galleon). */
  modifier: number;
  /** Aircraft: each aircraft die is multiplied by this ("monoplanes ... multiply the result by 2"). */
  aircraftDice?: number;
}

/** Unit kind (plural, e.g. 'swordsmen') -> its line of the table. */
export type UnitTable = Record<string, UnitEntry>;

/** What the battle's `context` may say about the place and the nations. */
export interface CivAdvancedContext {
  /** The defender holds a settlement here: the attacker loses the current era per defending army unit. */
  settlement?: boolean;
  /** The game's current era (1 ancient ... 4 modern); needed when `settlement` is true. */
  era?: number;
  /** The settlement has the Great Wall: -2 per defending army unit during the ancient era. */
  greatWall?: boolean;
  /** Technologies each nation controls, for scientific superiority. Leave out to ignore it. */
  technologies?: Record<string, number>;
}

/** A side's standing battle plan; every entry names a unit kind (plural or singular) or a class. */
export interface CivAdvancedPlan {
  /** Units to put in a wave, in order of preference. */
  wave?: string[];
  /** The class the side's aircraft support, or classes in order of preference. */
  aircraftSupport?: UnitClass | UnitClass[];
  /** Units to lose first, in order (older-era units still die before newer ones). */
  casualties?: string[];
}

/** One unit as this system sees it: the Combatant with its table line resolved. */
export interface Fighter {
  id: string;
  nation: string;
  kind: string;
  singular: string;
  era: number;
  class: UnitClass;
  modifier: number;
  /** 0 for units that are not aircraft. */
  aircraftDice: number;
  /** Position in the side's unit list: dice are rolled in this order. */
  order: number;
  /** Units with the same profile are interchangeable when choosing a wave. */
  profile: string;
}

/** Who made a choice: the player's battle plan, the system's default, or the rule itself. */
export type ChoiceSource = 'battle plan' | 'default' | 'whole army';

export type DieRecord = {
  unit: string;
  kind: string;
  /** The face shown; `counted` is the same with sixes counted as fives. */
  face: number;
  counted: number;
  /** Era of the unit, or the aircraft's dice multiplier. */
  times: number;
  value: number;
};

export type TotalStep = 'base' | 'aircraft' | 'unit modifiers' | 'scientific superiority' | 'CIA' | 'settlement penalty';

export type TotalLine = {
  step: TotalStep;
  amount: number;
  /** The total after this line, so a reader can follow the sum step by step. */
  runningTotal: number;
  detail: string;
};

export type AircraftRecord = {
  support: UnitClass | null;
  choice: ChoiceSource;
  flying: string[];
  /** Aircraft with no unit of the supported class to fly with this phase. */
  idle: string[];
};

export type PhaseSideRecord = {
  nation: string;
  role: 'attacker' | 'defender';
  wave: string[];
  waveChoice: ChoiceSource;
  aircraft?: AircraftRecord;
  rolls: DieRecord[];
  lines: TotalLine[];
  total: number;
  /** Damage dealt to the other side: the total, or 0 when the total is negative. */
  damage: number;
  damageTaken: number;
  /** Damage taken that went into destroyed units; the rest has no effect. */
  absorbed: number;
  lost: string[];
  lossChoice: ChoiceSource;
};

export type PhaseRecord = {
  phase: number;
  sides: PhaseSideRecord[];
  /** Neither side could destroy a unit even with the best rolls: the battle stops here. */
  stalemate?: boolean;
};

export type EndRecord = {
  phase: 'end';
  winner: string | null;
  reason: 'destroyed' | 'stalemate';
  survivors: Record<string, string[]>;
  /** Aircraft destroyed because no regular unit of their side was left. */
  aircraftDestroyed: Record<string, string[]>;
};
