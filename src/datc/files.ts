// The DATC fixtures are test data in the repository (test/datc/), read once. This is the one file of
// the DATC loader that touches the disk; the warfare ruleset itself never does.
import { readFileSync } from 'node:fs';

const folder = new URL('../../test/datc/', import.meta.url);

export interface DatcFiles {
  cases: string;
  provinces: string;
  regions: string;
  borders: string;
}

let files: DatcFiles | undefined;

export function datcFiles(): DatcFiles {
  const read = (name: string) => readFileSync(new URL(name, folder), 'utf8');
  files ??= {
    cases: read('datc_v3.json'),
    provinces: read('standard-map/provinces.csv'),
    regions: read('standard-map/regions.csv'),
    borders: read('standard-map/borders.csv'),
  };
  return files;
}
