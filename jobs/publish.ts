// The publish queue's processor: a committed step's reports into the outbox (src/turns/publish-turn.ts);
// for step 0, the starting position into the game's thread (src/turns/start-position.ts).
import { storedConfig } from '../src/store/stored-game.ts';
import { tellGm } from '../src/turns/gm-notices.ts';
import { publishTurn, type PublishJob } from '../src/turns/publish-turn.ts';
import { publishStart, START_STEP } from '../src/turns/start-position.ts';
import type { RendererFactory } from '../src/turns/turn-renderer.ts';
import { stepLabel, type TurnRuntime } from '../src/turns/turn-runtime.ts';
import { guarded } from './guard.ts';

export function publishProcessor(rt: TurnRuntime, rendererFor?: RendererFactory) {
  return guarded<PublishJob, number>(
    rt,
    (data) => (data.step === START_STEP ? publishStart(rt, data) : publishTurn(rt, data, rendererFor)),
    async (data, error) => {
      rt.logger.error({ err: error, gameId: data.gameId, step: data.step }, 'publishing failed for good');
      const config = await storedConfig(rt.store, data.gameId).catch(() => null);
      if (config)
        await tellGm(
          rt,
          data.gameId,
          config,
          `fault:publish:${stepLabel(data.step, data.epoch)}`,
          `Step ${data.step} results could not be sent`,
          `The results of step ${data.step} are committed, but the reports could not be prepared: ${error.message}\n`,
        );
    },
  );
}
