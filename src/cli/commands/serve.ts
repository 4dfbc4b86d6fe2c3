// `adjutant serve` runs everything in one process; `adjutant worker` and `adjutant intake` run the
// parts apart, any number of each against one Redis. SIGTERM (or Ctrl-C) stops them gracefully:
// the jobs in hand finish, or go back to the queue for another worker.
import type { Command } from 'commander';
import { startService, type Part } from '../../../jobs/service.ts';
import { serviceConfig } from '../../../jobs/service-config.ts';
import { serviceLogger } from '../logger.ts';

export function register(program: Command): void {
  program
    .command('serve')
    .description(
      'Run everything in one process: IMAP intake, job workers, deadline scheduler, outbox sender and forum poster, web server (game pages, GM console, maps).',
    )
    .action(() => run(['intake', 'workers', 'scheduler', 'sender', 'outputs']));
  program
    .command('worker')
    .description('Run job workers (parse, adjudicate, render, publish, remind), with the scheduler and the outbox sender and forum poster unless told not to.')
    .option('--no-scheduler', 'do not run the deadline scheduler here')
    .option('--no-sender', 'do not send the outbox (mail and forum posts) here')
    .option('--outputs', 'also run the web server (game pages, GM console, maps)')
    .action((opts: { scheduler: boolean; sender: boolean; outputs?: boolean }) => {
      const parts: Part[] = ['workers'];
      if (opts.scheduler) parts.push('scheduler');
      if (opts.sender) parts.push('sender');
      if (opts.outputs) parts.push('outputs');
      return run(parts);
    });
  program
    .command('intake')
    .description('Run the IMAP intake: store each new email and queue it for the workers.')
    .action(() => run(['intake']));
}

async function run(parts: Part[]): Promise<void> {
  const config = serviceConfig();
  const logger = serviceLogger(config.logLevel);
  const service = await startService(config, new Set(parts), logger);
  logger.info({ parts }, 'running; SIGTERM or Ctrl-C stops gracefully');
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        logger.warn({ signal }, 'second signal: exiting now; jobs in hand go back to the queue when their locks expire');
        process.exit(130);
      }
      stopping = true;
      logger.info({ signal }, 'stopping');
      service.stop().then(resolve, (err: unknown) => {
        logger.error({ err }, 'stopped with an error');
        resolve();
      });
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  logger.info('stopped');
}
