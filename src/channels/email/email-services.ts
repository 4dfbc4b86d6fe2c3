// The email channel's processes in the service: the IMAP intake (part 'intake'), and the outbox
// sender with the GM's digest of undelivered mail (part 'sender'). Both log in with the one OAuth2
// token source made here, so IMAP and SMTP share each access token.
import type { ChannelServiceContext, ChannelServices } from '../../messages/channel-services.ts';
import { storedRoutes } from './route-mail.ts';
import { startIntake } from './imap-intake.ts';
import { sendAlert } from './mail-alerts.ts';
import { startMailDigest } from './mail-digest.ts';
import { smtpAuth, tokenSource } from './mail-login.ts';
import { startOutboxSender } from './outbox-sender.ts';

export function emailServices(ctx: ChannelServiceContext): ChannelServices {
  const { store, outbox, logger, now, outages, games } = ctx;
  const mail = ctx.config.mail;
  const tokens = tokenSource(mail.oauth2);
  const alertDeps = { store, outbox, logger, now, address: ctx.address };
  return {
    intake() {
      const routes = games ? async () => (await storedRoutes(store)).filter((r) => games.includes(r.id)) : undefined;
      const intake = startIntake({
        imap: { ...mail.imap, tokens },
        mailbox: mail.imap.mailbox,
        store,
        enqueue: ctx.enqueue,
        logger,
        now,
        unrouted: mail.unrouted,
        routes,
        outages,
      });
      logger.info({ host: mail.imap.host, user: mail.imap.user }, 'IMAP intake started');
      return intake;
    },
    sender() {
      const digest = startMailDigest({ deps: alertDeps, connection: ctx.connection, queue: ctx.openQueue('digest') });
      const sender = startOutboxSender({
        outbox,
        smtp: { ...mail.smtp, auth: smtpAuth(mail.smtp.auth, tokens) },
        logger,
        now,
        connection: ctx.connection,
        queue: ctx.openQueue('send'),
        rate: mail.sendRate,
        lockMs: ctx.config.lockMs,
        alert: (gameId, alert) => sendAlert({ ...alertDeps, scheduleDigest: digest.schedule }, gameId, alert),
        outages,
        serves: games ? (gameId) => games.includes(gameId) : undefined,
      });
      logger.info({ host: mail.smtp.host, port: mail.smtp.port }, 'outbox sender started');
      return { stop: async () => (await sender.stop(), await digest.stop()) };
    },
  };
}
