// Every combat system Adjutant knows, by id.
import { Registry, type CombatSystem } from '../engine/index.ts';

export const combatSystems = new Registry<CombatSystem>('combat system', []);
