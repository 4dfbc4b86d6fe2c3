// game.yaml: the ruleset and its options, the nations and their players, the GM, the schedule.
import { z } from 'zod';
import { channelSchemas, channelSectionIssues } from '../channels/settings/index.ts';

const id = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'ids are lower-case letters, digits, "-" and "_"');
/** Shorter secrets are refused: each email may try one, and a short one falls to a patient guesser. */
export const MIN_SECRET_LENGTH = 8;

const email = z.email('this is not an email address');
const timeZones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
const timeZone = z.string().refine((tz) => timeZones.has(tz), { message: 'this is not a time zone name (write e.g. "Europe/London" or "UTC")' });
/** Durations as GMs write them: "90m", "24h", "3d", "1w". */
export const duration = z.string().regex(/^\d+(m|h|d|w)$/, 'write a duration like "30m", "24h", "3d" or "1w"');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'write a time of day like "20:00"');

const scheduleSchema = z
  .strictObject({
    /** Weekly deadline: a day and a time, e.g. "fri 20:00". */
    weekly: z
      .string()
      .regex(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]* ([01]\d|2[0-3]):[0-5]\d$/i, 'write a weekly deadline like "fri 20:00"')
      .optional(),
    /** Every N days (or hours, for fast games) from `start`, at the time of `start`. */
    every: duration.optional(),
    start: z.iso.datetime({ offset: true, local: true }).optional(),
    /** A fixed deadline per turn. */
    dates: z.array(z.iso.datetime({ offset: true, local: true })).optional(),
    at: clock.optional(),
    reminders: z.array(duration).default(['24h', '2h']),
    grace: duration.default('0m'),
    /** What happens to a nation with no orders at the deadline. */
    missedOrders: z.enum(['hold', 'standing', 'wait']).default('hold'),
    alertAfterMissed: z.number().int().min(1).default(2),
    /** The least time players get: a deadline the GM sets closer than this (or past) needs NOW, and a turn run late leaves at least this. The service's ADJUTANT_MIN_NOTICE (1h) when absent. */
    minimumNotice: duration.optional(),
    /** After a turn was extended or ran late, the next deadline keeps the regular 'slots' (the first one at least a turn after) or the turn 'length' (a turn after, off the slots). */
    keep: z.enum(['slots', 'length']).default('slots'),
  })
  .refine((s) => [s.weekly, s.every, s.dates].filter(Boolean).length === 1, {
    message: 'give exactly one of weekly, every or dates',
  });

const personSchema = z.strictObject({
  name: z.string().min(1),
  email,
  timezone: timeZone.optional(),
});

const gmSchema = personSchema.extend({
  /** The GM's passphrase: email commands (EXTEND, PROCESS...) count only when they carry it. */
  secret: z
    .string()
    .min(MIN_SECRET_LENGTH, `a secret needs at least ${MIN_SECRET_LENGTH} characters (one email may try one secret, so short ones can be guessed)`)
    .regex(/^[\p{L}\p{N}_-]+$/u, 'a secret is one word: letters, digits, "-" and "_"')
    .optional(),
  /**
   * A GM not heard from (no mail, no console action) for `remind` is reminded at the next
   * deadline; for `pause`, the game stops at its deadline until the GM answers. `false`: never.
   */
  silence: z
    .union([z.literal(false), z.strictObject({ remind: duration.default('7d'), pause: duration.default('14d') })])
    .default({ remind: '7d', pause: '14d' }),
});

/** How the mail loop treats this game's email (docs/mail.md); every field has a default. */
const mailSchema = z.strictObject({
  /** Accept a DKIM signature of the registered address's domain in place of the nation's secret. */
  dkim: z.boolean().default(false),
  /** Which DKIM signing domains vouch for an address: its own domain only ('exact'), or its parent domains too ('relaxed'). */
  dkimAlignment: z.enum(['exact', 'relaxed']).default('exact'),
  /** GM tickets one nation may open in a turn; further unclear lines are refused and must be rewritten. */
  ticketsPerTurn: z.number().int().min(1).default(10),
  /** Apply orders that arrive after the deadline (normally kept, answered, and left for the GM). */
  acceptLate: z.boolean().default(false),
  /** Emails one address may send in `per` before further ones are kept unread (one notice is sent). */
  rateLimit: z.strictObject({ count: z.number().int().min(1).default(30), per: duration.default('1h') }).default({ count: 30, per: '1h' }),
  /** PRESS between players: 'off', 'white' (always signed) or 'grey' (ANON allowed), as the classic judges name it. */
  press: z.enum(['off', 'white', 'grey']).default('white'),
});

const nationSchema = z.strictObject({
  name: z.string().min(1),
  colour: z.string().regex(/^#[0-9a-f]{6}$/i, 'write a colour as #rrggbb'),
  player: personSchema.optional(),
  /** The passphrase a player puts in each order email, as the classic judges' SIGNON. */
  secret: z
    .string()
    .min(MIN_SECRET_LENGTH, `a secret needs at least ${MIN_SECRET_LENGTH} characters (one email may try one secret, so short ones can be guessed)`)
    .regex(/^[\p{L}\p{N}_-]+$/u, 'a secret is one word: letters, digits, "-" and "_"')
    .optional(),
  attributes: z.record(z.string(), z.unknown()).optional(),
  /** Other names players call the nation by in orders ("Londinium", "the Reds"); demonyms of them count too. */
  aliases: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
});

export const gameFileSchema = z
  .strictObject({
    title: z.string().min(1),
    ruleset: z.string().min(1),
    options: z.record(z.string(), z.unknown()).default({}),
    map: z.string().default('map.yaml'),
    timezone: timeZone.default('UTC'),
    gm: gmSchema,
    /** The address players write to; routes mail when one mailbox serves several games. */
    mailbox: email.optional(),
    schedule: scheduleSchema.optional(),
    /** When the game is over besides one nation left standing (src/engine/game-end.ts). */
    end: z
      .strictObject({
        /** Holding this many provinces (supply centres in warfare) after a turn wins; default the ruleset's. */
        target: z.number().int().min(1).optional(),
        /** The game is over once this turn has been played; the highest count wins. */
        lastTurn: z.number().int().min(1).optional(),
      })
      .optional(),
    /** The GM sees each turn's results first and publishes with one reply. */
    preview: z.boolean().default(false),
    /** Listed on the service's game index, with a public page (status, maps, updates) anyone may read. */
    public: z.boolean().default(false),
    mail: mailSchema.optional(),
    /** The channels' own sections: `forum:`, the game's thread on a forum (docs/forums.md). */
    ...channelSchemas,
    nations: z.record(id, nationSchema).refine((n) => Object.keys(n).length > 0, { message: 'a game needs at least one nation' }),
  })
  .superRefine((game, ctx) => {
    const outline = { reminders: game.schedule?.reminders ?? [], nations: Object.keys(game.nations) };
    for (const { path, message } of channelSectionIssues(game, outline)) ctx.addIssue({ code: 'custom', path, message });
    const playerOf = new Map<string, string>();
    for (const [nation, n] of Object.entries(game.nations)) {
      const address = n.player?.email.toLowerCase();
      if (!address) continue;
      const other = playerOf.get(address);
      if (other)
        ctx.addIssue({
          code: 'custom',
          path: ['nations', nation, 'player', 'email'],
          message: `${address} already plays ${other}: each nation needs an address of its own, since orders and answers are routed by it`,
        });
      else playerOf.set(address, nation);
    }
  });

export type GameFile = z.infer<typeof gameFileSchema>;
export type MailSettings = z.infer<typeof mailSchema>;

const aliasesByConfig = new WeakMap<GameFile, Readonly<Record<string, readonly string[]>>>();

/** The nations' aliases from game.yaml, by nation; the same object for the same config, so name indexes built from it are kept. */
export function nationAliases(config: GameFile): Readonly<Record<string, readonly string[]>> {
  let found = aliasesByConfig.get(config);
  if (!found) aliasesByConfig.set(config, (found = Object.fromEntries(Object.entries(config.nations).map(([id, n]) => [id, n.aliases ?? []]))));
  return found;
}

/** The game's mail settings with every default filled in. */
export function mailSettings(config: GameFile): MailSettings {
  return mailSchema.parse(config.mail ?? {});
}
