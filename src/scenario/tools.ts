// The real parser for scenarios, as the mail loop uses it.
import { parseMessage } from '../orders/parse-message.ts';
import type { ScenarioTools } from './run-scenario.ts';

export function scenarioTools(): ScenarioTools {
  return { parse: (input) => parseMessage(input) };
}
