// A new game from the map and game.yaml. Provinces: `owner` (or `home`), `capital: true`,
// `port` (level), `railroad`, `factory`, `fort`, `income`, `winter`, `rebels`; the terrain is the
// map's `terrain`. Nations: `gold`, `tech`, `deploy` (starting resources to place on the first
// turn: `{ infantry: 4, general: 1, warship: 1 }`) and `missions` (`[{ control: bur, reward: 5 }]`).
import { startingAmount, type NationSetup, type RulesetContext } from '../../engine/index.ts';
import type { IndustrialOptions } from './options.ts';
import { clampTech, isLand, isShip, type IndustrialNation, type IndustrialProvince, type IndustrialState, type Mission, type UnitType } from './state.ts';

export function setup(ctx: RulesetContext<IndustrialOptions>, nations: readonly NationSetup[]): IndustrialState {
  const ids = new Set(nations.map((n) => n.id));
  const provinces: Record<string, IndustrialProvince> = {};
  const capitals = new Map<string, string>();
  for (const id of ctx.map.ids()) {
    const p = ctx.map.province(id);
    if (p.kind === 'sea') continue;
    const a = p.attributes;
    const owner = [a.owner, a.home].find((o) => typeof o === 'string' && ids.has(o)) as string | undefined;
    const province: IndustrialProvince = { owner: owner ?? null };
    if (Number(a.port) > 0) province.port = Number(a.port);
    if (a.railroad) province.railroad = true;
    if (a.factory) province.factory = true;
    if (a.fort) province.fort = 'active';
    provinces[id] = province;
    if (a.capital && owner) capitals.set(owner, id);
  }
  const missions: Mission[] = [];
  const state: IndustrialState = {
    turn: 1,
    phase: 'orders',
    nations: {},
    provinces,
    units: [],
    nextUnitId: 1,
    extra: { builds: [], treaties: [], payments: [], agreements: [], missions, nextId: 1 },
  };
  for (const n of nations) {
    const a = n.attributes ?? {};
    const nation: IndustrialNation = {
      id: n.id,
      name: n.name,
      gold: startingAmount(n.id, 'gold', a.gold, 20),
      tech: clampTech(a.tech ?? 1),
      capital: capitals.get(n.id) ?? null,
      killOnSight: [],
    };
    const deploy = (a.deploy ?? {}) as Record<string, unknown>;
    const undeployed: Partial<Record<UnitType, number>> = {};
    for (const [type, count] of Object.entries(deploy)) {
      if (!isLand(type) && !isShip(type))
        throw new Error(`${n.id}: "${type}" is not a unit type to deploy (infantry, conscript, artillery, general, warship, battleship, submarine).`);
      if (!Number.isInteger(count) || (count as number) < 0)
        throw new Error(`${n.id}: deploy ${type} must be a whole number, 0 or more; got ${JSON.stringify(count)}.`);
      if ((count as number) > 0) undeployed[type] = count as number;
    }
    if (Object.keys(undeployed).length) nation.undeployed = undeployed;
    state.nations[n.id] = nation;
    for (const m of Array.isArray(a.missions) ? (a.missions as Array<Record<string, unknown>>) : []) {
      if (typeof m.control !== 'string' || !ctx.map.has(m.control))
        throw new Error(`${n.id}: a mission needs a province of the map to control; got ${JSON.stringify(m.control)}.`);
      missions.push({ id: `m${missions.length + 1}`, nation: n.id, control: m.control, reward: startingAmount(n.id, "a mission's reward", m.reward, 0) });
    }
  }
  return state;
}
