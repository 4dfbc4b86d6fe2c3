// Whether a changed game folder can take the place of a stored game's files. What the folder
// alone can be checked for is import's check (openGame); this is what only the stored game can
// say: its ruleset, and the game as it stands (its state), which must still fit the new files.
// A province the map gains gets its entry in the state, as the ruleset sets one up: rulesets
// read every province's entry.
import type { GameState, MapGraph } from '../engine/index.ts';
import { counted } from '../engine/index.ts';
import { GAME_FILE, nationSetups, openGame, STATE_FILE, toYaml, type Game } from './open-game.ts';
import type { Problem } from './problems.ts';
import { lineOf, readYaml, type YamlFile } from './yaml-file.ts';

/** The stored game an update is checked against; its map tells new provinces from old ones and names removed ones. */
export interface StoredGameView {
  ruleset: string;
  state: GameState;
  map?: MapGraph;
}

/** Where the problems found in the state itself are said to be: the GM did not write that file. */
const STATE_PLACE = 'the game as it stands';

/**
 * Every reason the update cannot apply, each with the file and line of what must change back;
 * without any, the state the game goes on from (the stored one, with the provinces the map gains).
 */
export function checkUpdate(stored: StoredGameView, next: Game): { state: GameState; problems: Problem[] } {
  const lines = lazyLines(next);
  const problems = [...rulesetProblems(stored, next, lines), ...nationProblems(stored.state, next, lines), ...mapProblems(stored, next, lines)];
  if (problems.length) return { state: stored.state, problems };
  const { state, problems: setUp } = withAddedProvinces(stored, next);
  if (setUp.length) return { state, problems: setUp };
  // Anything else the state no longer fits, said as opening the game with it would say it.
  const { problems: found } = openGame(next.id, { ...next.files, [STATE_FILE]: toYaml(state) });
  return { state, problems: found.map((p) => (p.file === STATE_FILE ? { file: STATE_PLACE, field: p.field, message: p.message } : p)) };
}

function withAddedProvinces(stored: StoredGameView, next: Game): { state: GameState; problems: Problem[] } {
  const { state } = stored;
  const added = next.map.ids().filter((pid) => !state.provinces[pid] && !stored.map?.has(pid));
  if (!added.length) return { state, problems: [] };
  let setUp: GameState;
  try {
    setUp = next.ruleset.setup(next.ctx, nationSetups(next.config)) as GameState;
  } catch (e) {
    const message = `the ${next.ruleset.id} ruleset cannot set up the new provinces (${added.join(', ')}): ${(e as Error).message}`;
    return { state, problems: [{ file: next.config.map, field: 'provinces', message }] };
  }
  const provinces = { ...state.provinces };
  for (const pid of added) provinces[pid] = setUp.provinces[pid] ?? { owner: null };
  return { state: { ...state, provinces }, problems: [] };
}

type Lines = (file: string, path: PropertyKey[]) => number | undefined;

/** Line numbers need the YAML's syntax tree, which is read only when there is a problem to place. */
function lazyLines(next: Game): Lines {
  const read = new Map<string, YamlFile>();
  return (file, path) => {
    let yaml = read.get(file);
    if (!yaml) read.set(file, (yaml = readYaml(file, next.files[file] ?? '').yaml));
    return lineOf(yaml, path);
  };
}

function rulesetProblems(stored: StoredGameView, next: Game, line: Lines): Problem[] {
  if (next.config.ruleset === stored.ruleset) return [];
  return [
    {
      file: GAME_FILE,
      line: line(GAME_FILE, ['ruleset']),
      field: 'ruleset',
      message: `the game is stored as a ${stored.ruleset} game, and its state is ${stored.ruleset}'s: a game cannot change ruleset (import the folder as a new game instead).`,
    },
  ];
}

function nationProblems(state: GameState, next: Game, line: Lines): Problem[] {
  const problems: Problem[] = [];
  for (const id of Object.keys(next.config.nations)) {
    if (state.nations[id]) continue;
    problems.push({
      file: GAME_FILE,
      line: line(GAME_FILE, ['nations', id]),
      field: `nations.${id}`,
      message: `"${id}" is a new nation, but a game under way keeps the nations it began with: the game as it stands has no place for it.`,
    });
  }
  for (const [id, nation] of Object.entries(state.nations)) {
    if (next.config.nations[id]) continue;
    const held = holdings(state, id);
    if (!held) continue;
    problems.push({
      file: GAME_FILE,
      line: line(GAME_FILE, ['nations']),
      field: 'nations',
      message: `${nation.name} (${id}) is no longer in game.yaml, but in the game as it stands it still has ${held}: a nation leaves only once it holds nothing.`,
    });
  }
  return problems;
}

function mapProblems(stored: StoredGameView, next: Game, line: Lines): Problem[] {
  const { state } = stored;
  const file = next.config.map;
  const problems: Problem[] = [];
  const places = new Set([...Object.keys(state.provinces), ...state.units.map((u) => u.province)]);
  for (const pid of places) {
    if (next.map.has(pid)) continue;
    const name = stored.map?.has(pid) ? `${stored.map.province(pid).name} (${pid})` : `"${pid}"`;
    const owner = state.provinces[pid]?.owner;
    const units = state.units.filter((u) => u.province === pid).length;
    const how = [owner ? `, owned by ${state.nations[owner]?.name ?? owner}` : '', units ? ` with ${counted(units, 'unit')} there` : ''].join('');
    problems.push({
      file,
      line: line(file, ['provinces']),
      field: 'provinces',
      message: `the province ${name} is no longer on the map, but the game as it stands still has it${how}: a province in play cannot be removed.`,
    });
  }
  for (const unit of state.units) {
    const province = next.map.has(unit.province) ? next.map.province(unit.province) : undefined;
    if (!province || !unit.coast || province.coasts.includes(unit.coast)) continue;
    problems.push({
      file,
      line: line(file, ['provinces', unit.province, 'coasts']),
      field: `provinces.${unit.province}.coasts`,
      message: `${state.nations[unit.nation]?.name ?? unit.nation}'s ${unit.type} ${unit.id} stands on the coast "${unit.coast}" of ${province.name}, which the map no longer has.`,
    });
  }
  return problems;
}

/** "2 units and 1 province", or '' when the nation holds nothing. */
function holdings(state: GameState, nation: string): string {
  const units = state.units.filter((u) => u.nation === nation).length;
  const provinces = Object.values(state.provinces).filter((p) => p.owner === nation).length;
  return [units ? counted(units, 'unit') : '', provinces ? counted(provinces, 'province') : ''].filter(Boolean).join(' and ');
}
