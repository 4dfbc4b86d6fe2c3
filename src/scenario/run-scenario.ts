// Runs one scenario file: the real parser (for free-text orders), the ruleset's adjudication with
// forced or seeded dice, then every expectation checked and reported on its own.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  Dice,
  DiceError,
  type AnyRuleset,
  type GameEvent,
  type GameState,
  type MapGraph,
  type NationView,
  type Order,
  type PublicView,
  type RulesetContext,
} from '../engine/index.ts';
import { combatSystems } from '../combat/index.ts';
import { buildMap, readMapFile } from '../game/map-file.ts';
import { toYaml } from '../game/open-game.ts';
import { formatProblem } from '../game/problems.ts';
import { checkStateAgainstMap } from '../game/state-file.ts';
import { checkSchema, readYaml } from '../game/yaml-file.ts';
import type { ParseResult } from '../orders/types.ts';
import { rulesets } from '../rulesets/index.ts';
import { differences, matches, show } from './match.ts';
import { scenarioSchema, type Scenario } from './scenario-file.ts';

export interface ScenarioResult {
  file: string;
  name: string;
  failures: string[];
}

export interface ScenarioTools {
  /** The order parser, for free-text orders. */
  parse(input: { ruleset: AnyRuleset; map: MapGraph; nation: string; text: string; state: GameState; options: Record<string, unknown> }): ParseResult;
  /** Report text a nation or a forum reader would read; defaults to the view written as YAML. */
  privateText?(view: NationView): string;
  publicText?(view: PublicView): string;
}

export async function runScenarioFile(file: string, tools: ScenarioTools): Promise<ScenarioResult> {
  const fail = (name: string, failures: string[]): ScenarioResult => ({ file, name, failures });
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return fail(path.basename(file), [`cannot read ${file}.`]);
  }
  const { yaml, problems } = readYaml(file, text);
  if (problems.length) return fail(path.basename(file), problems.map(formatProblem));
  const { value: scenario, problems: schemaProblems } = checkSchema(yaml, scenarioSchema);
  if (!scenario) {
    const name = (yaml.value as { name?: unknown } | null)?.name;
    return fail(typeof name === 'string' ? name : path.basename(file), schemaProblems.map(formatProblem));
  }
  try {
    return fail(scenario.name, await runScenario(scenario, path.dirname(file), tools));
  } catch (e) {
    if (e instanceof DiceError) return fail(scenario.name, [`dice: ${e.message}`]);
    return fail(scenario.name, [`the turn could not be run: ${(e as Error).message}`]);
  }
}

async function runScenario(scenario: Scenario, dir: string, tools: ScenarioTools): Promise<string[]> {
  if (!rulesets.has(scenario.ruleset)) return [`there is no ruleset "${scenario.ruleset}" (known: ${rulesets.ids().join(', ')}).`];
  const ruleset = rulesets.get(scenario.ruleset);
  const map = await scenarioMap(scenario, dir);
  if (typeof map === 'string') return [map];
  const options = ruleset.options.safeParse(scenario.options);
  if (!options.success) return options.error.issues.map((i) => `options.${i.path.join('.')}: ${i.message}`);
  const ctx: RulesetContext = { map, options: options.data as Record<string, unknown>, combat: combatSystems };
  const state = scenario.state as GameState;
  const stateProblems = checkStateAgainstMap('state', state, map);
  if (stateProblems.length) return stateProblems.map(formatProblem);

  const failures: string[] = [];
  const orders: Record<string, Order[]> = {};
  for (const [nation, given] of Object.entries(scenario.orders)) {
    if (typeof given !== 'string') {
      orders[nation] = given as Order[];
      continue;
    }
    const parsed = tools.parse({ ruleset, map, nation, text: given, state, options: ctx.options });
    orders[nation] = parsed.orders;
    const counts = { orders: parsed.orders.length, ambiguous: parsed.ambiguous.length, errors: parsed.errors.length };
    const wanted = scenario.expect.parse[nation];
    if (wanted) {
      for (const key of ['orders', 'ambiguous', 'errors'] as const) {
        if (wanted[key] !== undefined && wanted[key] !== counts[key])
          failures.push(`parse ${nation}: expected ${wanted[key]} ${key}, got ${counts[key]} (${show(parsed[key])})`);
      }
    } else if (counts.ambiguous || counts.errors) {
      failures.push(`parse ${nation}: the orders did not all parse: ${show([...parsed.errors, ...parsed.ambiguous])}`);
    }
  }

  const dice = scenario.dice ? Dice.forced(scenario.dice) : Dice.seeded(scenario.seed ?? scenario.name);
  const result = ruleset.adjudicate(ctx, structuredClone(state), orders, dice);
  if (dice.unusedForced > 0) failures.push(`dice: ${scenario.dice!.length} dice were forced but the turn rolled only ${dice.draws.length}.`);
  return [...failures, ...checkExpectations(scenario, ruleset, ctx, result.state as GameState, result.events, tools)];
}

function checkExpectations(
  scenario: Scenario,
  ruleset: AnyRuleset,
  ctx: RulesetContext,
  state: GameState,
  events: GameEvent[],
  tools: ScenarioTools,
): string[] {
  const failures: string[] = [];
  const { expect } = scenario;
  if (expect.state) failures.push(...differences(state, expect.state).map((d) => `state: ${d}`));
  for (const pattern of expect.events) {
    if (!events.some((e) => matches(e, pattern)))
      failures.push(`event missing: ${show(pattern)}; events of that type: ${show(events.filter((e) => e.type === pattern.type))}`);
  }
  for (const pattern of expect.absent) {
    const found = events.find((e) => matches(e, pattern));
    if (found) failures.push(`event should not occur: ${show(pattern)}; found ${show(found)}`);
  }
  for (const [nation, results] of Object.entries(expect.orders)) {
    for (const want of results) {
      const got = events.find((e) => (e.type === 'order.succeeded' || e.type === 'order.failed') && e.nation === nation && e.order === want.index);
      const ok = got?.type === 'order.succeeded';
      if (!got) failures.push(`order ${nation}[${want.index}]: no result event`);
      else if (ok !== want.ok || (want.reason !== undefined && got.reason !== want.reason)) {
        failures.push(
          `order ${nation}[${want.index}]: expected ${want.ok ? 'success' : 'failure'}${want.reason ? ` (${want.reason})` : ''}, got ${ok ? 'success' : 'failure'}${got.reason ? ` (${got.reason})` : ''}: ${got.message ?? ''}`,
        );
      }
    }
  }
  for (const [nation, checks] of Object.entries(expect.private)) {
    const view = ruleset.privateView(ctx, state, events, nation);
    failures.push(...checkText(`private report of ${nation}`, tools.privateText ? tools.privateText(view) : toYaml(view), checks));
  }
  if (expect.public) {
    const view = ruleset.publicView(ctx, state, events);
    failures.push(...checkText('public update', tools.publicText ? tools.publicText(view) : toYaml(view), expect.public));
  }
  return failures;
}

function checkText(what: string, text: string, checks: { contains: string[]; lacks: string[] }): string[] {
  return [
    ...checks.contains.filter((s) => !text.includes(s)).map((s) => `${what} should contain ${show(s)}`),
    ...checks.lacks.filter((s) => text.includes(s)).map((s) => `${what} must not contain ${show(s)}`),
  ];
}

async function scenarioMap(scenario: Scenario, dir: string): Promise<MapGraph | string> {
  if (typeof scenario.map !== 'string') return buildMap(scenario.map);
  const file = path.resolve(dir, scenario.map);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return `the map file ${scenario.map} (${file}) cannot be read.`;
  }
  const { map, problems } = readMapFile(file, text);
  return map ?? problems.map(formatProblem).join('; ');
}
