// One shot: "Roll to hit" (d6 + Atk/Def, or AA against fliers, against d6 + Eva), the 5% critical,
// and "Roll to pierce" (d3 + AP against d3 + Arm; an unarmoured target is pierced automatically).
import type { Dice } from '../../engine/index.ts';
import { flies, type Card } from './cards.ts';

/** A unit in a battle, with every bonus it carries already worked out. */
export interface Fighter {
  id: string;
  nation: string;
  side: number;
  cardId: string;
  card: Card;
  /** Atk when its army attacks, Def when it defends, plus officer and fortification bonuses. */
  power: number;
  /** Eva plus officer and fortification bonuses. */
  eva: number;
  ap: number;
  arm: number;
  /** Splash units: the printed Atk (attacking) or Def (defending), the number of extra targets. */
  splashCount: number;
}

export interface ShotRoll {
  shooter: string;
  target: string;
  splash?: true;
  critical?: number;
  hit?: [number, number];
  pierce?: [number, number];
  kills: boolean;
}

export interface ShotKind {
  /** Splash: half power, no AP. */
  splash: boolean;
  criticals: boolean;
}

/** The to-hit bonus against this target: AA and altitude penalties against fliers ("2a"). */
export function hitBonus(shooter: Fighter, target: Fighter, splash: boolean): number {
  if (!flies(target.card)) return splash ? Math.floor(shooter.power / 2) : shooter.power;
  const aa = splash ? Math.floor(shooter.card.aa / 2) : shooter.card.aa;
  const below = target.card.alt - shooter.card.alt;
  const altitude = below >= 4 ? -4 : below >= 2 ? -2 : 0;
  return aa + (shooter.card.aa === 0 ? -2 : 0) + altitude;
}

export function shoot(shooter: Fighter, target: Fighter, kind: ShotKind, dice: Dice, purpose: string): ShotRoll {
  const roll: ShotRoll = { shooter: shooter.id, target: target.id, kills: false };
  if (kind.splash) roll.splash = true;
  if (kind.criticals) {
    roll.critical = dice.roll(20, `${purpose}: critical on 20`);
    if (roll.critical === 20) return { ...roll, kills: true };
  }
  const toHit = dice.roll(6, `${purpose}: to hit`) + hitBonus(shooter, target, kind.splash);
  const evasion = dice.roll(6, `${purpose}: evasion`) + target.eva;
  roll.hit = [toHit, evasion];
  if (toHit <= evasion) return roll;
  if (target.arm === 0) return { ...roll, kills: true };
  const pierce = dice.roll(3, `${purpose}: pierce`) + (kind.splash ? 0 : shooter.ap);
  const armour = dice.roll(3, `${purpose}: armour`) + target.arm;
  roll.pierce = [pierce, armour];
  return { ...roll, kills: pierce > armour };
}

/** The exact chance that one shot kills: what target choice weighs, and what the bench checks. */
export function killChance(shooter: Fighter, target: Fighter, kind: ShotKind): number {
  const bonus = hitBonus(shooter, target, kind.splash);
  let hit = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + bonus > b + target.eva) hit++;
  let pierce = 36 * 9;
  if (target.arm > 0) {
    pierce = 0;
    const ap = kind.splash ? 0 : shooter.ap;
    for (let a = 1; a <= 3; a++) for (let b = 1; b <= 3; b++) if (a + ap > b + target.arm) pierce += 36;
  }
  const normal = (hit * pierce) / (36 * 36 * 9);
  return kind.criticals ? 1 / 20 + (19 / 20) * normal : normal;
}
