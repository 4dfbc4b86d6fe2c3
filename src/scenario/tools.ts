// The real parser and report text for scenarios, as the mail loop uses them.
import type { ScenarioTools } from './run-scenario.ts';

export function scenarioTools(): ScenarioTools {
  return {
    parse: ({ ruleset }) => {
      throw new Error(`free-text orders need the ${ruleset.id} order grammar, which is not built yet; give parsed orders instead.`);
    },
  };
}
