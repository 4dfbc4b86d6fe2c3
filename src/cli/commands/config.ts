// `adjutant config`: the service's effective settings, as `adjutant serve` would read them from
// this environment, with the value of every variable the configuration marks secret masked wherever
// it lands, and the Redis password; then what Redis's memory settings risk, when Redis answers.
import type { Command } from 'commander';
import { CONFIG_VARIABLES, secretValues, serviceConfig, type ServiceConfig } from '../../../jobs/service-config.ts';
import { reachRedis, redisPlace } from '../../store/reach-redis.ts';
import { redisMemoryWarnings } from '../../store/redis-memory.ts';
import { printJson, type JsonOption } from '../output.ts';

const MASK = '********';

export function register(program: Command): void {
  program
    .command('config')
    .description("Check the service's environment and print the effective settings, secrets masked.")
    .option('--json', 'print the settings as JSON')
    .action(async (opts: JsonOption) => {
      const settings = serviceConfig(process.env);
      const config = masked(settings, process.env);
      if (opts.json) printJson(config);
      else {
        for (const [name, value] of flatten(config)) console.log(`${name.padEnd(28)} ${value}`);
        const set = CONFIG_VARIABLES.filter((v) => process.env[v] !== undefined);
        console.log(`\nRead from ${set.length} of the ${CONFIG_VARIABLES.length} variables docs/operations.md lists; the others have their defaults.`);
      }
      // With --json the warnings go to stderr, so stdout stays one JSON document.
      const say = opts.json ? (line: string) => console.error(line) : (line: string) => console.log(line);
      for (const line of await redisChecks(settings.redisUrl)) say(line);
    });
}

/** Warnings about Redis's memory settings, or a line saying Redis was not checked. */
async function redisChecks(url: string): Promise<string[]> {
  let redis;
  try {
    redis = await reachRedis(url, 2000);
  } catch {
    return [`Redis at ${redisPlace(url)} did not answer, so its memory settings are not checked.`];
  }
  try {
    return (await redisMemoryWarnings(redis)).map((w) => `warning: ${w}`);
  } finally {
    redis.disconnect();
  }
}

/**
 * The settings read from `env`, with every setting that holds a secret variable's value replaced
 * (whichever setting it went to: the mail password is also the IMAP and SMTP one), and the Redis
 * URL's password. Shared by `--json` and the table, so neither can leak one.
 */
export function masked(config: ServiceConfig, env: NodeJS.ProcessEnv): ServiceConfig {
  const secrets = new Set(secretValues(env));
  const mask = (value: unknown): unknown => {
    if (typeof value === 'string') return secrets.has(value) ? MASK : value;
    if (Array.isArray(value)) return value.map(mask);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v)]));
  };
  const copy = mask(config) as ServiceConfig;
  copy.redisUrl = maskUrl(copy.redisUrl);
  return copy;
}

function maskUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = MASK;
  return u.toString();
}

/** The settings as `name value` lines, as the table prints them. */
export function flatten(value: unknown, prefix = ''): Array<[string, string]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [[prefix, Array.isArray(value) ? value.join(', ') || '(none)' : value === null ? 'off' : String(value)]];
  }
  return Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : flatten(v, prefix ? `${prefix}.${k}` : k)));
}
