// The render queue's processor: map and updates to the output folder (src/turns/render-turn.ts;
// for step 0, the starting map: src/turns/start-position.ts), then the publish job. If rendering
// fails for good, the reports still go out, without the map.
import { storedConfig } from '../src/store/stored-game.ts';
import { tellGm } from '../src/turns/gm-notices.ts';
import { renderTurn, type OutputSettings } from '../src/turns/render-turn.ts';
import { renderStart, START_STEP } from '../src/turns/start-position.ts';
import { stepLabel, type StepJob, type TurnRuntime } from '../src/turns/turn-runtime.ts';
import { guarded } from './guard.ts';
import type { BullTurnQueues } from './turn-queues.ts';

export function renderProcessor(rt: TurnRuntime, queues: BullTurnQueues, outputs: OutputSettings) {
  return guarded<StepJob, string | null>(
    rt,
    async (data) => {
      const next = data.step === START_STEP ? await renderStart(rt, data, outputs) : await renderTurn(rt, data, outputs);
      if (next) await queues.publishNow(next);
      return next?.mapUrl ?? null;
    },
    async (data, error) => {
      rt.logger.error({ err: error, gameId: data.gameId, step: data.step }, 'rendering failed for good; publishing without the map');
      const config = await storedConfig(rt.store, data.gameId).catch(() => null);
      if (config)
        await tellGm(
          rt,
          data.gameId,
          config,
          `fault:render:${stepLabel(data.step, data.epoch)}`,
          `Step ${data.step} map could not be drawn`,
          `The map and forum files of step ${data.step} could not be written: ${error.message}\nThe reports are sent without them.\n`,
        );
      await queues.publishNow(data);
    },
  );
}
