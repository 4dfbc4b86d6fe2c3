// `adjutant mail test`: checks the mail configuration the service would use (docs/mail-providers.md).
import type { Command } from 'commander';
import type { ChannelCommandContext } from '../../messages/channel-services.ts';
import { checkMail } from './mail-check.ts';
import { tokenSource } from './mail-login.ts';

/** The email channel's commands, added to the command line through its record. */
export function mailCommands(program: Command, ctx: ChannelCommandContext): void {
  const mail = program.command('mail').description("The game's mailbox: check that Adjutant can read and send mail.");
  mail
    .command('test')
    .description('Log in to IMAP, look at the watched folder, and send a test mail to the GM; says what is wrong in one sentence.')
    .option('--to <address>', 'where the test mail goes (default: ADJUTANT_GM_EMAIL)')
    .option('--json', 'print the checks as JSON')
    .action(async (opts: { json?: boolean; to?: string }) => {
      const m = ctx.settings().mail;
      const checks = await checkMail({ imap: m.imap, smtp: m.smtp, tokens: tokenSource(m.oauth2), from: m.from, to: opts.to ?? m.gm });
      const failed = checks.find((c) => !c.ok);
      if (failed) process.exitCode = 1;
      if (opts.json) return ctx.printJson({ ok: !failed, checks });
      for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.text}`);
      console.log(failed ? `The mail configuration does not work yet: ${failed.text}` : 'The mail configuration works.');
    });
}
