// A process that reads one GM email with the real GameControl and is killed (SIGKILL, by itself)
// right after the email's outcome is committed, before its commands' effects run: the log line
// run-message.ts writes between the two is where it dies.
import pino from 'pino';
import '../../support/fixture-claims/index.ts';
import { createRuntime } from '../../../jobs/runtime.ts';
import { processMail } from '../../../src/channels/email/process-mail.ts';
import { createGameControl } from '../../../src/turns/scheduler-control.ts';

const env = process.env;
const rt = createRuntime({ redisUrl: env.REDIS_URL!, prefix: env.CRASH_PREFIX, scope: env.CRASH_SCOPE, logger: pino({ level: 'silent' }) });
const logger = pino(
  { level: 'info' },
  {
    write(line: string) {
      if (line.includes('"msg":"message processed"')) process.kill(process.pid, 'SIGKILL');
    },
  },
);
await processMail(
  { store: rt.store, outbox: rt.outbox, control: createGameControl(rt), now: () => new Date(), logger, address: 'game@adjutant.test' },
  { gameId: env.CRASH_GAME!, messageId: env.CRASH_MAIL! },
);
process.stdout.write('not killed\n');
await rt.close();
