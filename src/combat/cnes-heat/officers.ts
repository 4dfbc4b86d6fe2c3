// "Officers": +1 Atk, Def and Eva per level of veterancy, IV and V adding AP and Arm; the best
// officer of an army counts, "these bonuses do not stack for multiple Officers".
export const MAX_VETERANCY = 5;

export interface OfficerBonus {
  stats: number;
  ap: number;
  arm: number;
}

export function officerBonus(veterancy: number): OfficerBonus {
  const v = Math.max(0, Math.min(MAX_VETERANCY, Math.floor(veterancy)));
  return { stats: Math.min(v, 3), ap: v >= 4 ? 1 : 0, arm: v >= 5 ? 1 : 0 };
}

export function veterancyName(v: number): string {
  return v === 0 ? 'no veterancy' : `veterancy ${['I', 'II', 'III', 'IV', 'V'][v - 1]}`;
}
