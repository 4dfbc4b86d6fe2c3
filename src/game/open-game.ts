// Turns the texts of a game folder into a game ready to run: config, map, ruleset with checked
// options, and the current state. Pure (texts in, game or problems out), so the folder loader
// and the Redis store share it.
import path from 'node:path';
import { stringify } from 'yaml';
import type { AnyRuleset, GameState, MapGraph, NationSetup, RulesetContext } from '../engine/index.ts';
import { combatSystems } from '../combat/index.ts';
import { rulesets } from '../rulesets/index.ts';
import { gameFileSchema, type GameFile } from './game-file.ts';
import { readMapFile } from './map-file.ts';
import { didYouMean, type Problem } from './problems.ts';
import { checkStateAgainstMap, stateSchema } from './state-file.ts';
import { checkSchema, fieldName, lineOf, readYaml } from './yaml-file.ts';

/** The files of a game, by path relative to the game folder; images (isBinaryGameFile) as base64. */
export type GameFiles = Record<string, string>;

export function isBinaryGameFile(name: string): boolean {
  return /\.png$/i.test(name);
}

/** A game file's bytes (images are kept as base64 in GameFiles), or undefined when absent. */
export function gameFileBytes(files: GameFiles, name: string): Buffer | undefined {
  const content = files[name];
  if (content === undefined) return undefined;
  return Buffer.from(content, isBinaryGameFile(name) ? 'base64' : 'utf8');
}

export interface Game {
  id: string;
  config: GameFile;
  map: MapGraph;
  ruleset: AnyRuleset;
  ctx: RulesetContext;
  /** The state the next turn starts from: state.yaml, or the ruleset's setup. */
  state: GameState;
  /** The state the game began from, once it has moved on from it (a stored game); absent, `state` is it. */
  start?: GameState;
  files: GameFiles;
}

export const GAME_FILE = 'game.yaml';
export const STATE_FILE = 'state.yaml';

export function openGame(id: string, files: GameFiles): { game?: Game; problems: Problem[] } {
  const text = files[GAME_FILE];
  if (text === undefined) return { problems: [{ file: GAME_FILE, message: 'the game folder has no game.yaml.' }] };
  const { yaml, problems } = readYaml(GAME_FILE, text);
  if (problems.length) return { problems };
  const { value: config, problems: configProblems } = checkSchema(yaml, gameFileSchema);
  const all: Problem[] = [...configProblems];

  // The ruleset and its options are checked even when other fields are wrong, so a GM sees every problem at once.
  const raw = (yaml.value ?? {}) as { ruleset?: unknown; options?: unknown };
  let ruleset: AnyRuleset | undefined;
  let options: Record<string, unknown> | undefined;
  if (typeof raw.ruleset === 'string' && !rulesets.has(raw.ruleset)) {
    const guess = didYouMean(raw.ruleset, rulesets.ids());
    all.push({
      file: GAME_FILE,
      line: lineOf(yaml, ['ruleset']),
      field: 'ruleset',
      message: `there is no ruleset "${raw.ruleset}"${guess ? ` (did you mean "${guess}"?)` : ''}; known rulesets: ${rulesets.ids().join(', ')}.`,
    });
  } else if (typeof raw.ruleset === 'string') {
    ruleset = rulesets.get(raw.ruleset);
    const parsed = ruleset.options.safeParse(withDataFiles(files, raw.options ?? {}, ruleset, all));
    if (parsed.success) options = parsed.data as Record<string, unknown>;
    else {
      for (const issue of parsed.error.issues) {
        const path = ['options', ...(issue.path as PropertyKey[])];
        all.push({ file: GAME_FILE, line: lineOf(yaml, path), field: fieldName(path), message: sentence(issue.message) });
      }
    }
    const combat = options?.combat;
    if (typeof combat === 'string' && !combatSystems.has(combat)) {
      all.push({
        file: GAME_FILE,
        line: lineOf(yaml, ['options', 'combat']),
        field: 'options.combat',
        message: `there is no combat system "${combat}"; known: ${combatSystems.ids().join(', ')}.`,
      });
    }
  }
  if (!config) return { problems: all };

  const mapText = files[config.map];
  if (mapText === undefined) {
    all.push({ file: GAME_FILE, line: lineOf(yaml, ['map']), field: 'map', message: `the map file "${config.map}" is not in the game folder.` });
    return { problems: all };
  }
  const { map, data: mapData, problems: mapProblems } = readMapFile(config.map, mapText);
  all.push(...mapProblems);
  const image = mapData?.image && path.posix.join(path.posix.dirname(config.map), mapData.image);
  if (image && files[image] === undefined)
    all.push({ file: config.map, field: 'image', message: `the key image "${mapData!.image}" is not in the game folder.` });
  if (!map || !ruleset || !options) return { problems: all };

  const nationNames = Object.fromEntries(Object.entries(config.nations).map(([nation, n]) => [nation, n.name]));
  const ctx: RulesetContext = { map, options, combat: combatSystems, nationNames };
  const state = readState(files, ctx, ruleset, config, all);
  if (!state || all.length) return { problems: all };
  return { game: { id, config, map, ruleset, ctx, state, files }, problems: [] };
}

function readState(files: GameFiles, ctx: RulesetContext, ruleset: AnyRuleset, config: GameFile, problems: Problem[]): GameState | undefined {
  const text = files[STATE_FILE];
  if (text === undefined) {
    try {
      return ruleset.setup(ctx, nationSetups(config)) as GameState;
    } catch (e) {
      // A ruleset's setup reads nation attributes and map attributes the schema cannot know.
      return void problems.push({ file: GAME_FILE, field: 'nations', message: `the ${ruleset.id} ruleset cannot set this game up: ${(e as Error).message}` });
    }
  }
  const { yaml, problems: yamlProblems } = readYaml(STATE_FILE, text);
  if (yamlProblems.length) return void problems.push(...yamlProblems);
  const { value, problems: schemaProblems } = checkSchema(yaml, stateSchema);
  if (!value) return void problems.push(...schemaProblems);
  const state = value as GameState;
  const found = checkStateAgainstMap(STATE_FILE, state, ctx.map);
  for (const p of found)
    p.line = p.field
      ? lineOf(
          yaml,
          p.field
            .split(/[.[\]]+/)
            .filter(Boolean)
            .map((s) => (/^\d+$/.test(s) ? Number(s) : s)),
        )
      : undefined;
  for (const nation of Object.keys(config.nations)) {
    if (!state.nations[nation]) found.push({ file: STATE_FILE, field: 'nations', message: `game.yaml has the nation "${nation}", but the state does not.` });
  }
  problems.push(...found);
  return state;
}

/** Data files of combat systems (a civ-advanced unit table) become the options where each system says. */
function withDataFiles(files: GameFiles, options: unknown, ruleset: AnyRuleset, problems: Problem[]): unknown {
  if (typeof options !== 'object' || options === null) return options;
  let given = options as Record<string, unknown>;
  const combat = given.combat ?? ruleset.defaultCombat;
  for (const system of combatSystems.all()) {
    for (const data of system.dataFiles ?? []) {
      const text = files[data.file];
      if (text === undefined) continue;
      if (combat !== system.id) {
        problems.push({
          file: data.file,
          message: `this ${data.what} is for ${system.id} combat, but the game does not use it (options.combat in game.yaml).`,
        });
        continue;
      }
      if (valueAt(given, data.option) !== undefined) {
        problems.push({
          file: GAME_FILE,
          field: ['options', ...data.option].join('.'),
          message: `the ${data.what} is given twice, here and in ${data.file}; keep one.`,
        });
      }
      const { value, problems: found } = data.read(text);
      problems.push(...found.map((p) => ({ file: data.file, ...p })));
      if (value !== undefined) given = withValueAt(given, data.option, value);
    }
  }
  return given;
}

function valueAt(options: Record<string, unknown>, at: readonly string[]): unknown {
  return at.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), options);
}

function withValueAt(options: Record<string, unknown>, [key, ...rest]: readonly string[], value: unknown): Record<string, unknown> {
  const inner = options[key];
  return {
    ...options,
    [key]: rest.length ? withValueAt(typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {}, rest, value) : value,
  };
}

function sentence(message: string): string {
  const text = message.replace(/^Invalid input: /, '');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function nationSetups(config: GameFile): NationSetup[] {
  return Object.entries(config.nations).map(([nid, n]) => ({ id: nid, name: n.name, colour: n.colour, attributes: n.attributes }));
}

/** YAML as Adjutant writes it: stable key order as given, no line folding, so files diff cleanly. */
export function toYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0, aliasDuplicateObjects: false });
}
