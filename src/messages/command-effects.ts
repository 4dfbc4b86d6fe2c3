// Commands with effects outside the store (the GM's EXTEND, PAUSE, PROCESS...; a player's ABSENCE).
// Deciding only names them: they are committed with the message's outcome, as part of the reply
// that will report them, and run after the commit, each once by its key. That reply is written
// only then, with what each command did and, for the GM's STATUS, the game as it is after them.
// Owns (src/store/keys.ts): mailKeys commands.
import type { Redis } from 'ioredis';
import type { Game } from '../game/open-game.ts';
import { answerSpec, compose, type MessageSpec } from './replies.ts';
import { everyNationsOrders } from './orders-as-read.ts';
import { storedGame } from '../store/stored-game.ts';
import { mailKeys } from '../store/keys.ts';
import type { OutgoingMessage } from '../store/outbox.ts';
import { noticeText, SurpriseDeadlineError, type GameControl } from '../turns/game-control.ts';
import type { Command } from './commands.ts';
import type { ReplyRoute } from './incoming-message.ts';
import { deadlineText, letterheadOf, nationName, type MessageContext, type MessageDeps } from './message-context.ts';
import { openTickets } from './tickets.ts';
import { formatTime } from './time-text.ts';

type Serialised<C> = { [K in keyof C]: C[K] extends Date ? string : C[K] };
const CONTROL = ['extend', 'deadline', 'pause', 'resume', 'process', 'preview', 'publish', 'rollback', 'absence', 'end'] as const;
type ControlName = (typeof CONTROL)[number];

/** One command for the GameControl, as committed: its key (message and line), and where its outcome goes in the reply. */
export type Effect = Serialised<Extract<Command, { name: ControlName }>> & {
  key: string;
  /** Its line among the reply's results. */
  result: number;
  timeZone: string;
  /** The nation an ABSENCE is for. */
  nation?: string;
};

/** What the GM's STATUS asked for: nothing, the game at a glance, or that and every nation's orders in force. */
export type StatusAsked = false | 'brief' | 'orders';

/** A reply written after its message's effects ran. */
export interface PendingReply {
  spec: MessageSpec;
  effects: Effect[];
  /** The GM asked for STATUS: shown as the game is once the effects ran. */
  status: boolean;
  /** STATUS ORDERS: every nation's orders in force shown with it. */
  statusOrders?: boolean;
  /** Where it goes by private message, instead of by mail. */
  route?: ReplyRoute;
}

/** The command as an effect to run after the commit, or null when it has none. */
export function effectOf(command: Command, key: string, result: number, timeZone: string, nation?: string): Effect | null {
  if (!(CONTROL as readonly string[]).includes(command.name)) return null;
  const fields = Object.fromEntries(Object.entries(command).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
  return { ...(fields as Serialised<Extract<Command, { name: ControlName }>>), key, result, timeZone, ...(nation && { nation }) };
}

// What a key holds while its command runs: found again after a crash, the command may or may not have been done.
const RUNNING = '';

/**
 * Runs each effect once by its key, keeping what it said; the caller holds the game's message
 * lock. One a crash cut off mid-way is not run again (that could extend a deadline twice): the
 * GM is told it is not known whether it was done.
 */
export async function runEffects(redis: Redis, control: GameControl, gameId: string, effects: Effect[]): Promise<Record<string, string>> {
  const k = mailKeys(gameId).commands;
  const said: Record<string, string> = {};
  for (const e of effects) {
    const known = await redis.hget(k, e.key);
    if (known === RUNNING)
      said[e.key] = 'Not known whether this was done: Adjutant stopped while doing it. Send STATUS to see, and send it again if it was not.';
    else if (known !== null) said[e.key] = known;
    else {
      await redis.hset(k, e.key, RUNNING);
      said[e.key] = await run(control, gameId, e);
      await redis.hset(k, e.key, said[e.key]);
    }
  }
  return said;
}

async function run(gc: GameControl, id: string, e: Effect): Promise<string> {
  const when = (d: Date | string) => formatTime(new Date(d), e.timeZone);
  try {
    switch (e.name) {
      case 'extend':
        return `Done: the deadline is now ${when(await gc.extend(id, e.ms, { soon: e.now }))}.`;
      case 'deadline':
        await gc.setDeadline(id, new Date(e.at), { soon: e.now });
        return `Done: the deadline is now ${when(e.at)}.`;
      case 'pause':
        await gc.pause(id);
        return 'Done: the game is paused; no deadline runs until RESUME.';
      case 'resume':
        await gc.resume(id);
        return 'Done: the game runs again.';
      case 'process': {
        const refused = await earlyProcess(gc, id, e.turn, when);
        if (refused) return `Not done: ${refused}`;
        await gc.processNow(id);
        return 'Done: the turn is being adjudicated now.';
      }
      case 'preview':
        await gc.rerun(id, { reroll: e.reroll });
        return `Done: the previewed turn is run again${e.reroll ? ' with new dice' : ' with the same dice'}; the new preview follows.`;
      case 'publish':
        await gc.publish(id);
        return 'Done: the results are being sent out.';
      case 'rollback':
        await gc.rollback(id, e.turn);
        return `Done: the game is back at the start of turn ${e.turn}; the undone steps stay in the history.`;
      case 'end':
        await gc.endGame(id, e.winners);
        return 'Done: the game is over; every player and the thread are told. RESUME would open the turn again.';
      case 'absence':
        await gc.absence(id, e.nation ?? '', new Date(e.from), new Date(e.to));
        return `Noted: away from ${when(e.from)} to ${when(e.to)}. Your GM is told; later deadlines may move.`;
    }
  } catch (err) {
    if (err instanceof SurpriseDeadlineError) return `Not done: ${surpriseText(err, e, when(err.deadline))}`;
    return `Not done: ${(err as Error).message}`;
  }
}

/**
 * Why PROCESS is not run: a turn whose deadline is still running is adjudicated early only when the
 * GM names it (PROCESS 3), so a stray PROCESS, or one written for a turn already past, runs nothing.
 */
async function earlyProcess(gc: GameControl, id: string, turn: number | undefined, when: (d: Date) => string): Promise<string | null> {
  const status = await gc.status(id);
  if (turn !== undefined && turn !== status.turn)
    return `turn ${turn} is not the turn open now; turn ${status.turn} is. To adjudicate it now, send PROCESS ${status.turn}.`;
  if (turn === undefined && status.deadline)
    return `turn ${status.turn} is due ${when(status.deadline)}, and PROCESS would adjudicate it now: orders not yet sent would miss it. To do that, send PROCESS ${status.turn}.`;
  return null;
}

/** Why a deadline was refused, in the GM's time zone, and how to insist. */
function surpriseText(err: SurpriseDeadlineError, e: Effect, when: string): string {
  const again = e.name === 'extend' ? 'the line again with NOW at its end' : 'the line again with NOW at its end, or PROCESS and the turn number';
  if (err.reason === 'past') return `${when} is already past, so the turn would be adjudicated at once. If that is what you want, send ${again}.`;
  return `the deadline would be ${when}, which leaves players less than the game's minimum notice (${noticeText(err.noticeMs)}). To set it anyway, send ${again}.`;
}

/** The pending reply written: each effect's outcome on its line, and the GM's STATUS as the game is now. */
export async function writeReply(deps: MessageDeps, gameId: string, pending: PendingReply, said: Record<string, string>): Promise<OutgoingMessage> {
  const game = await storedGame(deps.store, gameId);
  const results = (pending.spec.data.results as Array<{ command: string; text: string }>).map((r, i) => {
    const effect = pending.effects.find((e) => e.result === i);
    return effect ? { ...r, text: said[effect.key] } : r;
  });
  const data = {
    ...pending.spec.data,
    results,
    ...(pending.status && (await gmStatus(deps, game))),
    ...(pending.statusOrders && { nationsOrders: await everyNationsOrders(deps.store.redis, game) }),
  };
  return compose(letterheadOf(game, deps.address), { ...pending.spec, data });
}

async function gmStatus(deps: MessageDeps, game: Game): Promise<Record<string, unknown>> {
  const s = await deps.control.status(game.id).catch(() => null);
  const ctx = { game, status: s };
  const names = (ids: string[]) => ids.map((n) => nationName(ctx, n)).join(', ');
  const status = s
    ? {
        turn: s.turn,
        phase: s.phase,
        deadline: deadlineText(ctx, null),
        ordered: names(s.ordered),
        missing: names(s.missing),
        note: [
          s.paused ? 'The game is paused.' : '',
          s.waitingForGm ? `Waiting for you: ${s.waitingForGm}.` : '',
          s.previewStep ? `A preview of step ${s.previewStep} waits for PUBLISH.` : '',
          s.out.length ? `Out of the game: ${names(s.out)}.` : '',
          s.over ? `The game is over: turn ${s.over.turn} was its last (${s.over.why === 'gm' ? 'RESUME' : 'ROLLBACK'} to play on).` : '',
        ]
          .filter(Boolean)
          .join(' '),
      }
    : { turn: game.state.turn, phase: game.state.phase, deadline: 'not known (the scheduler did not answer)' };
  const tickets = (await openTickets(deps.store, game.id)).map((t) => ({
    ...t,
    nationName: nationName(ctx, t.nation),
    readings: t.readings.map((text, i) => ({ number: i + 1, text })),
  }));
  return { status, showTickets: true, tickets };
}

/** The reply to a message's commands: written now, or after the commit when it reports effects or the GM's STATUS. */
export function commandsReply(
  ctx: MessageContext,
  to: string,
  data: Record<string, unknown>,
  effects: Effect[],
  status: StatusAsked = false,
): { replies: OutgoingMessage[]; pending?: PendingReply } {
  const spec = answerSpec(ctx.message, to, `reply:${ctx.messageId}`, 'commands', data);
  if (!effects.length && !status) return { replies: [compose(ctx.head, spec)] };
  return { replies: [], pending: { spec, effects, status: !!status, ...(status === 'orders' && { statusOrders: true }) } };
}
