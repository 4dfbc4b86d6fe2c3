// The industrial state: each nation's treasury, technology level, capital and kill-on-sight
// list; each province's owner, occupier and buildings; each unit's technology and supply
// penalties; and in `extra` the builds in progress, treaties, agreements, payments and missions.
import type { GameState, NationState, ProvinceState, Unit } from '../../engine/index.ts';

export const LAND_TYPES = ['infantry', 'conscript', 'artillery', 'general'] as const;
export const SHIP_TYPES = ['warship', 'battleship', 'submarine'] as const;
export type LandType = (typeof LAND_TYPES)[number];
export type ShipType = (typeof SHIP_TYPES)[number];
export type UnitType = LandType | ShipType;
export type Tech = 1 | 2 | 3 | 4 | 5;

export interface IndustrialNation extends NationState {
  gold: number;
  tech: Tech;
  capital: string | null;
  /** Set by "establish provisional capital" when the capital is lost. */
  provisionalCapital?: string | null;
  leader?: string;
  /** Nations whose ships this nation's ships attack on sight. */
  killOnSight: string[];
  /** Starting resources not deployed yet (new game phase). */
  undeployed?: Partial<Record<UnitType, number>>;
  /** General rerolls used this season, and the season they count for. */
  rerolls?: { season: string; used: number; granted?: boolean };
}

export interface IndustrialProvince extends ProvinceState {
  /** A nation whose forces hold the province against its owner, and since which turn. */
  occupier?: string | null;
  occupiedSince?: number;
  port?: number;
  factory?: boolean;
  academy?: boolean;
  fort?: 'active' | 'mothballed';
  railroad?: boolean;
  canal?: boolean;
  /** Extra income from "upgrade province". */
  level?: number;
  /** Enemy ships blockading this port this turn. */
  blockadedBy?: string[];
}

export interface IndustrialUnit extends Unit {
  type: UnitType;
  tech: Tech;
  supply?: number;
  entrenched?: boolean;
  /** For land units at sea: the ship carrying them. */
  aboard?: string;
  /** Ship with no crew left: ticks since it was abandoned (see isAbandoned). */
  abandonedTicks?: number;
  /** Captured equipment above the captor's technology: the turn it leaves play. */
  expiresTurn?: number;
  /** What the captor paid for it, half refunded when it expires. */
  refund?: number;
  /** During a turn only: the nation a transfer of control lets command it; it stays its own nation's unit (ruling T1). */
  commandedBy?: string;
}

export interface Build {
  nation: string;
  what: string;
  province: string;
  /** The turn whose production phase completes it. */
  readyTurn: number;
  /** For a ship: the sea it is launched into. */
  sea?: string;
  /** A tech level completed in production: it takes effect in the next progress phase (ruling P3). */
  completed?: boolean;
}

export interface Treaty {
  id: string;
  drafter: string;
  parties: string[];
  terms: string;
  /** Expectations the treaty sets once ratified: no invasions between parties, payments. */
  expectations: Expectation[];
  ratifiedBy: string[];
  inForce: boolean;
  broken: Array<{ turn: number; by: string; expectation: string }>;
}

export type Expectation = { kind: 'peace' } | { kind: 'payment'; from: string; to: string; amount: number };

export interface Payment {
  id: string;
  from: string;
  to: string;
  amount: number;
  /** From a treaty, when the treaty set it. */
  treaty?: string;
}

export interface Agreement {
  id: string;
  parties: string[];
  text: string;
}

export interface Mission {
  id: string;
  nation: string;
  /** Completed when the nation owns this province (the one kind of condition the document implies). */
  control: string;
  reward: number;
  done?: boolean;
}

export interface IndustrialExtra {
  builds: Build[];
  treaties: Treaty[];
  payments: Payment[];
  agreements: Agreement[];
  missions: Mission[];
  nextId: number;
  [field: string]: unknown;
}

export interface IndustrialState extends GameState {
  nations: Record<string, IndustrialNation>;
  provinces: Record<string, IndustrialProvince>;
  units: IndustrialUnit[];
  extra: IndustrialExtra;
}

/** The pseudo-nation rebels belong to: added to the game's nations when the first revolt breaks out. */
export const REBELS = 'rebels';

/** A ship left without supply: it keeps its last nation for the record, but nobody commands it. */
export function isAbandoned(u: IndustrialUnit): boolean {
  return u.abandonedTicks !== undefined;
}

export function isShip(type: string): type is ShipType {
  return (SHIP_TYPES as readonly string[]).includes(type);
}

export function isLand(type: string): type is LandType {
  return (LAND_TYPES as readonly string[]).includes(type);
}

export function clampTech(n: unknown): Tech {
  const v = Math.round(Number(n));
  return (Number.isFinite(v) ? Math.min(5, Math.max(1, v)) : 1) as Tech;
}

/** The nation whose orders a unit carries out this turn: its own, unless it transferred control. */
export function commanderOf(u: IndustrialUnit): string {
  return u.commandedBy ?? u.nation;
}

/** The nation a force holds a province for: the commander's own units hold it for the commander, foreign units under its command for their nation. */
export function holderOf(units: readonly IndustrialUnit[], commander: string): string {
  return units.some((u) => u.nation === commander) || !units.length ? commander : units[0].nation;
}

/** The nation that holds a province now: its occupier when occupied, otherwise its owner. */
export function controllerOf(state: IndustrialState, province: string): string | null {
  const p = state.provinces[province];
  return p?.occupier ?? p?.owner ?? null;
}

export function editProvince(state: IndustrialState, id: string): IndustrialProvince {
  return (state.provinces[id] ??= { owner: null });
}

export function extraOf(state: IndustrialState): IndustrialExtra {
  const e = state.extra as Partial<IndustrialExtra>;
  e.builds ??= [];
  e.treaties ??= [];
  e.payments ??= [];
  e.agreements ??= [];
  e.missions ??= [];
  e.nextId ??= 1;
  return e as IndustrialExtra;
}

/** The units in each province now: built once by a phase that looks up many provinces. */
export function unitsByProvince(state: IndustrialState): Map<string, IndustrialUnit[]> {
  const out = new Map<string, IndustrialUnit[]>();
  for (const u of state.units) {
    const list = out.get(u.province);
    if (list) list.push(u);
    else out.set(u.province, [u]);
  }
  return out;
}

export function landUnitsAt(state: IndustrialState, province: string, nation?: string): IndustrialUnit[] {
  return state.units.filter((u) => u.province === province && isLand(u.type) && !u.aboard && (nation === undefined || u.nation === nation));
}
