// Runs scenario files and folders, printing one line per scenario and the closing count.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { runScenarioFile, type ScenarioResult, type ScenarioTools } from './run-scenario.ts';

export async function scenarioFiles(inputs: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const input of inputs) {
    const info = await stat(input).catch(() => null);
    if (!info)
      files.push(input); // reported as unreadable by the runner, not silently skipped
    else if (info.isDirectory()) {
      const names = (await readdir(input, { recursive: true })).filter((n) => /\.ya?ml$/.test(n)).sort();
      files.push(...names.map((n) => path.join(input, n)));
    } else files.push(input);
  }
  return files;
}

export async function runScenarios(inputs: readonly string[], tools: ScenarioTools, print: (line: string) => void): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const file of await scenarioFiles(inputs)) {
    const result = await runScenarioFile(file, tools);
    results.push(result);
    if (!result.failures.length) print(`pass  ${result.name}  (${file})`);
    else {
      print(`FAIL  ${result.name}  (${file})`);
      for (const f of result.failures) print(`        ${f}`);
    }
  }
  const failed = results.filter((r) => r.failures.length).length;
  print(`${results.length - failed} passed, ${failed} failed`);
  return results;
}
