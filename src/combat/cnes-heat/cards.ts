// CNES unit cards (docs/rules/sources/cnes-rules.txt, "Stats"): the numbers printed on each card.
// A game carries its own cards in cards.yaml beside game.yaml (card-file.ts reads it); without one
// the starter set below is used. The document names the stats but prints no cards, so every number
// here is the starter set's, chosen to follow the document's hints (docs/rules/cnes.md).
import { z } from 'zod';

/** What a card is for building and moving: infantry-type, other ground units, aircraft, ships. */
export const cardClasses = ['infantry', 'ground', 'air', 'naval'] as const;
export type CardClass = (typeof cardClasses)[number];

/** The portrait icons that are not numbers: the explosion (splash), and the special units. */
export const cardFlags = ['splash', 'medic', 'officer'] as const;

const stat = z.number().int().min(0, 'a stat is 0 or more').max(20, 'a stat is at most 20');

export const cardSchema = z
  .strictObject({
    /** The name players write ("tank"); the card's key when left out. */
    name: z.string().min(1).optional(),
    class: z.enum(cardClasses),
    atk: stat,
    def: stat,
    eva: stat,
    arm: stat.default(0),
    ap: stat.default(0),
    aa: stat.default(0),
    /** Above 0: the unit flies (the wing icon), and its altitude sets anti-air penalties. */
    alt: stat.default(0),
    cost: z.number().int().min(0, 'a price is 0 or more'),
    /** Provinces a ground or naval unit moves in a turn; an aircraft's range. */
    move: z.number().int().min(0).max(10, 'a movement of more than 10 provinces is surely a typing slip'),
    flags: z.array(z.enum(cardFlags)).default([]),
  })
  .superRefine((card, ctx) => {
    if (card.class === 'air' && card.alt === 0) ctx.addIssue({ code: 'custom', path: ['alt'], message: 'an aircraft flies: its alt is 1 or more' });
    if (card.class !== 'air' && card.alt > 0) ctx.addIssue({ code: 'custom', path: ['alt'], message: 'only aircraft fly (alt above 0 needs class: air)' });
  });

export type Card = z.infer<typeof cardSchema>;
export const cardsSchema = z.record(z.string().regex(/^[a-z][a-z0-9-]*$/, 'card keys are lower-case words'), cardSchema);
export type Cards = Record<string, Card>;

const card = (c: z.input<typeof cardSchema>): Card => cardSchema.parse(c);

/**
 * The starter cards. Militia are the soft target the document's example shoots at instead of a
 * bomber; tanks are armoured; artillery and bombers carry the explosion; medics and officers do
 * not shoot.
 */
export const starterCards: Readonly<Cards> = Object.freeze({
  militia: card({ class: 'infantry', atk: 0, def: 1, eva: 0, cost: 1, move: 1 }),
  infantry: card({ class: 'infantry', atk: 1, def: 2, eva: 1, aa: 0, cost: 2, move: 1 }),
  medic: card({ class: 'infantry', atk: 0, def: 0, eva: 1, cost: 2, move: 1, flags: ['medic'] }),
  officer: card({ class: 'infantry', atk: 0, def: 0, eva: 2, cost: 3, move: 2, flags: ['officer'] }),
  tank: card({ class: 'ground', atk: 3, def: 2, eva: 0, arm: 2, ap: 2, cost: 5, move: 2 }),
  artillery: card({ class: 'ground', atk: 2, def: 2, eva: 0, cost: 4, move: 1, flags: ['splash'] }),
  'anti-air': card({ class: 'ground', atk: 0, def: 1, eva: 0, aa: 3, alt: 0, cost: 3, move: 1 }),
  fighter: card({ class: 'air', atk: 2, def: 2, eva: 3, aa: 3, alt: 3, cost: 6, move: 3 }),
  bomber: card({ class: 'air', atk: 3, def: 1, eva: 1, ap: 1, aa: 0, alt: 4, cost: 8, move: 4, flags: ['splash'] }),
  destroyer: card({ class: 'naval', atk: 2, def: 2, eva: 1, arm: 1, ap: 1, aa: 2, cost: 6, move: 3 }),
});

/** The card a player's word means: its key, its name, or either in the plural ("tanks", "militias"). */
export function findCard(cards: Cards, word: string): { id: string; card: Card } | undefined {
  const w = word.toLowerCase().trim().replace(/\s+/g, '-');
  for (const candidate of [w, w.replace(/ies$/, 'y'), w.replace(/es$/, ''), w.replace(/s$/, '')]) {
    for (const [id, c] of Object.entries(cards)) {
      if (id === candidate || c.name?.toLowerCase().replace(/\s+/g, '-') === candidate) return { id, card: c };
    }
  }
  return undefined;
}

export function flies(c: Card): boolean {
  return c.alt > 0;
}

export function hasFlag(c: Card, flag: (typeof cardFlags)[number]): boolean {
  return c.flags.includes(flag);
}
