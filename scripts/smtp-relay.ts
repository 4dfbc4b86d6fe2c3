// Minimal SMTP front door for the private Dovecot started by scripts/services.sh.
// Dovecot has no SMTP listener of its own, so this accepts mail for the known
// test users and hands each copy to dovecot-lda. Only for tests and demos:
// no auth, no TLS, loopback by default.
//
// Run: node --import tsx scripts/smtp-relay.ts (services.sh sets the env).
import { spawn } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';

interface RelayConfig {
  host: string;
  port: number;
  users: Set<string>;
  domain: string;
  dovecotConfig: string;
  lda: string;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`smtp-relay: ${name} is not set (start it via scripts/services.sh)`);
  return value;
}

function readConfig(): RelayConfig {
  const users = new Set(
    required('ADJUTANT_MAIL_USERS')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((u) => u.toLowerCase()),
  );
  return {
    host: process.env.ADJUTANT_SMTP_BIND ?? '127.0.0.1',
    port: Number(process.env.ADJUTANT_SMTP_PORT ?? 10025),
    users,
    domain: process.env.ADJUTANT_MAIL_DOMAIN ?? 'adjutant.test',
    dovecotConfig: required('ADJUTANT_DOVECOT_CONFIG'),
    lda: process.env.ADJUTANT_DOVECOT_LDA ?? '/usr/lib/dovecot/dovecot-lda',
  };
}

/** An Error whose responseCode smtp-server sends back to the client. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

function log(message: string): void {
  process.stdout.write(`${new Date().toISOString()} ${message}\n`);
}

/** Runs dovecot-lda for one recipient; resolves on exit 0, rejects with its stderr otherwise. */
function deliver(cfg: RelayConfig, recipient: string, sender: string, message: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cfg.lda, ['-c', cfg.dovecotConfig, '-d', recipient, '-f', sender], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    // LDA may exit before reading everything (e.g. unknown user); that is
    // reported through its exit code, not as a pipe error.
    child.stdin.on('error', () => undefined);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`dovecot-lda exited with ${code ?? signal}: ${stderr.trim() || '(no output)'}`));
    });
    child.stdin.end(message);
  });
}

function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function createRelay(cfg: RelayConfig): SMTPServer {
  return new SMTPServer({
    name: `relay.${cfg.domain}`,
    banner: 'Adjutant test relay',
    secure: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    size: 25 * 1024 * 1024,

    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback) {
      const rcpt = address.address.toLowerCase();
      if (cfg.users.has(rcpt)) return callback();
      const reason = rcpt.endsWith(`@${cfg.domain}`)
        ? `no such user ${rcpt} here; test users are ${[...cfg.users].join(', ')}`
        : `relaying denied for ${rcpt}: this test relay only delivers to @${cfg.domain}`;
      log(`reject RCPT ${rcpt}: ${reason}`);
      return callback(smtpError(550, reason));
    },

    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      readAll(stream)
        .then(async (message) => {
          if (stream.sizeExceeded) throw smtpError(552, 'message exceeds the relay size limit');
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          // SMTP has one reply per message, so a failure after some recipients
          // were delivered makes the client retry all of them; duplicates are
          // better than silently lost mail in a test harness.
          for (const rcpt of session.envelope.rcptTo) {
            const to = rcpt.address.toLowerCase();
            try {
              await deliver(cfg, to, from || 'MAILER-DAEMON', message);
            } catch (err) {
              log(`LDA failed for ${to}: ${(err as Error).message}`);
              throw smtpError(451, `temporary failure delivering to ${to}; see smtp-relay.log`);
            }
            log(`delivered ${message.length} bytes from <${from}> to ${to}`);
          }
          callback(null, 'delivered');
        })
        .catch((err: Error) => callback(err));
    },
  });
}

function main(): void {
  const cfg = readConfig();
  const server = createRelay(cfg);
  server.on('error', (err: NodeJS.ErrnoException) => {
    log(`server error: ${err.message}`);
    // Listen failures are fatal; per-connection errors are not.
    if (err.code === 'EADDRINUSE' || err.code === 'EACCES') process.exit(1);
  });
  server.listen(cfg.port, cfg.host, () => log(`listening on ${cfg.host}:${cfg.port} for ${cfg.users.size} users`));
  const shutdown = (signal: string): void => {
    log(`${signal}: shutting down`);
    server.close(() => process.exit(0));
    // Idle client connections must not keep a stop waiting forever.
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main();
