// CNES heat combat (docs/rules/sources/cnes-rules.txt, "Combat Rules") as a CombatSystem: two
// armies, three heats of simultaneous shots, medics, officers, splash. A ruleset hands each unit
// as a Combatant whose `type` is its card's key, with `fortification` (levels, for defenders) and,
// for officers, `veterancy`.
import type { CombatSystem } from '../../engine/index.ts';
import { fightHeats } from './battle.ts';
import { readCardFile } from './card-file.ts';
import { cnesHeatReport } from './report.ts';

/** A CNES game's unit cards (examples/starter/cnes/cards.yaml shows the format). */
export const CARD_FILE = 'cards.yaml';

export const cnesHeatCombat: CombatSystem = {
  id: 'cnes-heat',
  title: 'CNES heat combat (three heats, officers, medics, splash)',
  fight: fightHeats,
  report: cnesHeatReport,
  dataFiles: [
    {
      file: CARD_FILE,
      what: 'set of unit cards',
      option: ['cards'],
      read(text) {
        const { cards, problems } = readCardFile(text);
        return { value: cards, problems };
      },
    },
  ],
};

export { cardClasses, cardFlags, cardsSchema, findCard, flies, hasFlag, starterCards, type Card, type CardClass, type Cards } from './cards.ts';
export { readCardFile } from './card-file.ts';
export { fightHeats, type CnesBattleResult, type HeatRecord, type OfficerRecord } from './battle.ts';
export { killChance, type Fighter } from './shots.ts';
export { cnesHeatOptionsSchema, CnesCombatError, type CnesHeatOptions } from './options.ts';
export { officerBonus, veterancyName, MAX_VETERANCY } from './officers.ts';
export { heatLines, type UnitLabel } from './report.ts';
