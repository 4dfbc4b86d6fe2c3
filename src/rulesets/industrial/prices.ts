// What a build order costs and how long it takes, from the game's build table.
import type { IndustrialOptions } from './options.ts';
import type { BuildKind } from './orders.ts';

const TABLE_KEY: Record<BuildKind, keyof IndustrialOptions['builds'] | null> = {
  infantry: 'infantry',
  conscript: 'conscript',
  artillery: 'artillery',
  warship: 'warship',
  battleship: 'battleship',
  submarine: 'submarine',
  port: 'port',
  'port-upgrade': 'portUpgrade',
  factory: 'factory',
  academy: 'academy',
  fort: 'fort',
  'fort-mothball': null,
  'fort-reactivate': 'fortReactivation',
  railroad: 'railroad',
  canal: 'canal',
  'canal-investment': null,
  tech: 'tech',
  'displaced-workers': 'displacedWorkers',
  'province-upgrade': 'provinceUpgrade',
};

export function buildCost(options: IndustrialOptions, what: string, count = 1): number {
  const k = TABLE_KEY[what as BuildKind];
  // A canal investment pays a quarter of a canal; mothballing costs nothing.
  if (what === 'canal-investment') return Math.ceil(options.builds.canal.cost / 4);
  return k ? options.builds[k].cost * count : 0;
}

export function buildTurns(options: IndustrialOptions, what: BuildKind): number {
  const k = TABLE_KEY[what];
  return k ? options.builds[k].turns : 0;
}
