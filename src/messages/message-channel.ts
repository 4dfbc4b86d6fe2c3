// What one way of writing to a game is, as the service uses it: how its stored messages are told
// apart, whether one is still stored, how it is read, decided and committed (through the shared
// loop of src/messages/run-message.ts), who sent it, for the GM's dead-letter alert, the
// processes it runs beside (channel-services.ts), what it notes of a newly stored game, and its
// own commands on the command line. One record per channel, in its folder
// (src/channels/<id>/index.ts), listed in src/channels/index.ts.
import type { Command } from 'commander';
import type { ChannelCommandContext, ChannelServiceContext, ChannelServices } from './channel-services.ts';
import type { MessageDeps } from './message-context.ts';
import type { MessageResult } from './message-ledger.ts';
import type { MessageJob } from './run-message.ts';
import type { GameStore } from '../store/game-store.ts';

export interface MessageChannel {
  id: string;
  /** One of its messages, as the GM reads it in logs and the dead-letter list ("email", "forum post"). */
  noun: string;
  /** Whether a stored message's id is this channel's (each channel's ids have their own shape). */
  owns(messageId: string): boolean;
  /** Whether the message is still stored: a game removed while its job waited took its messages with it. */
  isStored(store: GameStore, gameId: string, messageId: string): Promise<boolean>;
  /** Reads the stored message, decides it and commits its outcome, once however often it is run. */
  process(deps: MessageDeps, job: MessageJob): Promise<MessageResult>;
  /** Who sent it, as the channel knows them, for the GM's alert when it cannot be processed; null when not known. */
  sender(store: GameStore, gameId: string, messageId: string): Promise<string | null>;
  /** The processes the channel runs in the service (its intake, its sender, its webhooks); none when absent. */
  services?(ctx: ChannelServiceContext): ChannelServices;
  /** Notes that a game was just stored (by `adjutant game import` or the service's start-up): what the channel held before it is not the game's. */
  gameStored?(store: GameStore, gameId: string, at: Date): Promise<void>;
  /** Adds the channel's own commands to the `adjutant` command line (`adjutant forum test`, `adjutant mail test`). */
  commands?(program: Command, ctx: ChannelCommandContext): void;
}
