// What every command that prints data shares: `--json` prints it as one JSON document instead
// of sentences, for scripts.
import { readFileSync } from 'node:fs';

export interface JsonOption {
  json?: boolean;
}

export function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
