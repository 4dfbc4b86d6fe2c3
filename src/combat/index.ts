// Every combat system Adjutant knows, by id.
import { Registry, type CombatSystem } from '../engine/index.ts';
import { boardNesDice } from './board-nes-dice/index.ts';
import { civAdvancedCombat } from './civ-advanced/index.ts';
import { cnesHeatCombat } from './cnes-heat/index.ts';

export const combatSystems = new Registry<CombatSystem>('combat system', [boardNesDice, civAdvancedCombat, cnesHeatCombat]);
