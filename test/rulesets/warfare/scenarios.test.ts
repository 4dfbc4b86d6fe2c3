// The warfare scenario files (test/scenarios/warfare/) are run one by one by test/scenarios.test.ts;
// this checks that the set covers every landmark and the seed's own sentences.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, '../../scenarios/warfare');

describe('warfare scenarios', () => {
  it('has a scenario for each landmark and for the seed sentences', () => {
    const names = readdirSync(folder).map((f) => path.basename(f, '.yaml'));
    expect(names).toEqual(
      expect.arrayContaining([
        'landmark-supply-center',
        'landmark-linked-portal',
        'landmark-mercenary-company',
        'landmark-place-of-power',
        'landmark-person-of-interest',
        'landmark-ancient-ruins',
        'support-another-kingdom',
        'support-only-where-it-could-move',
        'convoy-fleet-touches-both-coasts',
      ]),
    );
  });
});
