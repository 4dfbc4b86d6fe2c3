// The publish queue's processor: a committed step's reports into the outbox (src/turns/publish-turn.ts).
import { tellGm } from '../src/turns/gm-notices.ts';
import type { TurnRenderer } from '../src/turns/plain-reports.ts';
import { publishTurn } from '../src/turns/publish-turn.ts';
import { gameConfig, stepLabel, type StepJob, type TurnRuntime } from '../src/turns/turn-runtime.ts';
import { guarded } from './guard.ts';

export function publishProcessor(rt: TurnRuntime, renderer?: TurnRenderer) {
  return guarded<StepJob, number>(
    rt,
    (data) => publishTurn(rt, data, renderer),
    async (data, error) => {
      rt.logger.error({ err: error, gameId: data.gameId, step: data.step }, 'publishing failed for good');
      const config = await gameConfig(rt.store, data.gameId).catch(() => null);
      if (config) await tellGm(rt, data.gameId, config, `fault:publish:${stepLabel(data.step, data.epoch)}`, `Step ${data.step} results could not be sent`, `The results of step ${data.step} are committed, but the reports could not be prepared: ${error.message}\n`);
    },
  );
}
