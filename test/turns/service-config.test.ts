import { describe, expect, it } from 'vitest';
import { connectionFromUrl } from '../../jobs/queues.ts';
import { CONFIG_VARIABLES, ConfigError, SECRET_VARIABLES, serviceConfig } from '../../jobs/service-config.ts';
import { flatten, masked } from '../../src/cli/commands/config.ts';

describe('service configuration from the environment', () => {
  it('fills defaults around what is given', () => {
    const c = serviceConfig({
      REDIS_URL: 'redis://r:6379',
      ADJUTANT_MAIL_DOMAIN: 'example.org',
      ADJUTANT_MAIL_PASSWORD: 'pw',
      ADJUTANT_GAMES: 'games/a, games/b',
      ADJUTANT_OUTPUT_PORT: 'off',
      ADJUTANT_DOWN_AFTER: '5m',
    });
    expect(c.mail.from).toBe('game@example.org');
    expect(c.mail.imap).toMatchObject({ user: 'game@example.org', pass: 'pw', port: 143, mailbox: 'INBOX' });
    expect(c.mail.smtp.auth).toBeUndefined();
    expect(c.mail.oauth2).toBeUndefined();
    expect(c.games).toEqual(['games/a', 'games/b']);
    expect(c.outputs.port).toBeNull();
    expect(c.settings).toEqual({ from: 'game@example.org', downAfterMs: 300_000 });
    expect([c.prefix, c.scope, c.flavour, c.concurrency, c.mail.unrouted]).toEqual(['{adjutant-queues}', 'main', 'xenforo', 4, 'answer']);
    expect(c.forumReadEveryMs).toBe(60_000);
    expect(serviceConfig({ REDIS_URL: 'redis://r', ADJUTANT_FORUM_READ_SECONDS: '5' }).forumReadEveryMs).toBe(5000);
  });

  it('says which variable is wrong, one sentence per bad value, all at once', () => {
    expect(() => serviceConfig({})).toThrow(/REDIS_URL is not set/);
    expect(() => serviceConfig({ REDIS_URL: 'redis://r', ADJUTANT_CONCURRENCY: 'many' })).toThrow(
      new ConfigError('ADJUTANT_CONCURRENCY=many: write a whole number.'),
    );
    expect(() => serviceConfig({ REDIS_URL: 'redis://r', ADJUTANT_FORUM_FLAVOUR: 'vbulletin' })).toThrow(/xenforo, phpbb or discourse/);
    expect(() => serviceConfig({ REDIS_URL: 'redis://r', ADJUTANT_MIN_NOTICE: 'soon' })).toThrow(/ADJUTANT_MIN_NOTICE=soon/);
    expect(() =>
      serviceConfig({
        REDIS_URL: 'redis://r',
        ADJUTANT_UNROUTED: 'lave',
        ADJUTANT_IMAP_SECURE: 'maybe',
        ADJUTANT_SMTP_PORT: '99999',
        ADJUTANT_IMAP_PASSWORD: '',
      }),
    ).toThrow(
      new ConfigError(
        [
          'ADJUTANT_IMAP_SECURE=maybe: write yes or no.',
          'ADJUTANT_UNROUTED=lave: write answer or leave.',
          'ADJUTANT_SMTP_PORT=99999: write a port number (0 to 65535).',
        ].join('\n'),
      ),
    );
    expect(() => serviceConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/^REDIS_URL=localhost:6379: write a Redis URL/);
    expect(() => serviceConfig({ REDIS_URL: 'redis//app:hunter2@host:6379' })).toThrow(/^REDIS_URL=redis\/\/app:\*{8}@host:6379: write a Redis URL/);
    expect(() => serviceConfig({ REDIS_URL: 'redis://r', ADJUTANT_PUBLIC_URL: 'games.example.org' })).toThrow(
      /ADJUTANT_PUBLIC_URL=games.example.org: write a full URL/,
    );
  });

  it('reads OAuth2 settings, and names the ones missing', () => {
    const c = serviceConfig({
      REDIS_URL: 'redis://r',
      ADJUTANT_MAIL_AUTH: 'oauth2',
      ADJUTANT_OAUTH2_PROVIDER: 'google',
      ADJUTANT_IMAP_USER: 'game@example.org',
      ADJUTANT_OAUTH2_CLIENT_ID: 'id',
      ADJUTANT_OAUTH2_CLIENT_SECRET: 's',
      ADJUTANT_OAUTH2_REFRESH_TOKEN: 'r',
    });
    expect(c.mail.oauth2).toEqual({ tokenUrl: 'https://oauth2.googleapis.com/token', clientId: 'id', clientSecret: 's', refreshToken: 'r' });
    expect(c.mail.smtp.auth?.user).toBe('game@example.org');
    expect(() => serviceConfig({ REDIS_URL: 'redis://r', ADJUTANT_MAIL_AUTH: 'oauth2', ADJUTANT_OAUTH2_CLIENT_ID: 'id' })).toThrow(
      new ConfigError(
        'ADJUTANT_MAIL_AUTH=oauth2 also needs ADJUTANT_OAUTH2_TOKEN_URL (or ADJUTANT_OAUTH2_PROVIDER=google or microsoft), ADJUTANT_OAUTH2_REFRESH_TOKEN: docs/mail-providers.md says where to get them.',
      ),
    );
  });

  it('masks every secret for printing', () => {
    const env = {
      REDIS_URL: 'rediss://app:redis-pw@r.example:6380/2',
      ADJUTANT_MAIL_PASSWORD: 'mail-pw',
      ADJUTANT_SMTP_USER: 'u',
      ADJUTANT_MAIL_AUTH: 'oauth2',
      ADJUTANT_OAUTH2_TOKEN_URL: 'https://t.example/token',
      ADJUTANT_OAUTH2_CLIENT_ID: 'id',
      ADJUTANT_OAUTH2_CLIENT_SECRET: 'client-pw',
      ADJUTANT_OAUTH2_REFRESH_TOKEN: 'refresh-pw',
    };
    const c = serviceConfig(env);
    const shown = JSON.stringify(masked(c, env));
    for (const secret of ['redis-pw', 'mail-pw', 'client-pw', 'refresh-pw']) expect(shown).not.toContain(secret);
    expect(masked(c, env).redisUrl).toBe('rediss://app:********@r.example:6380/2');
    expect(c.mail.imap.pass).toBe('mail-pw'); // the settings themselves are untouched
  });

  it('masks each secret variable wherever its value lands, in the JSON and in the table', () => {
    // Every variable named like a secret is marked secret in the schema, so none is printed by oversight.
    const named = CONFIG_VARIABLES.filter((name) => /PASSWORD|SECRET|TOKEN(?!_URL)/.test(name));
    expect(SECRET_VARIABLES).toEqual(named);
    expect(SECRET_VARIABLES).toContain('ADJUTANT_WEB_SECRET');
    // OAuth2 needs a refresh token; alone, each secret is the one that fills its settings.
    const base = {
      REDIS_URL: 'redis://r:6379',
      ADJUTANT_MAIL_AUTH: 'oauth2',
      ADJUTANT_OAUTH2_TOKEN_URL: 'https://t.example/token',
      ADJUTANT_OAUTH2_CLIENT_ID: 'id',
      ADJUTANT_OAUTH2_REFRESH_TOKEN: 'base-refresh-value',
    };
    for (const name of SECRET_VARIABLES) {
      const value = `${name.toLowerCase()}-value`;
      const env = { ...base, [name]: value };
      const config = serviceConfig(env);
      expect(JSON.stringify(config), `${name} reaches the settings`).toContain(value);
      const json = JSON.stringify(masked(config, env));
      const table = flatten(masked(config, env))
        .map(([k, v]) => `${k} ${v}`)
        .join('\n');
      for (const out of [json, table]) {
        expect(out, `${name} is printed in clear`).not.toContain(value);
        expect(out).not.toContain('base-refresh-value');
        expect(out).toContain('********');
      }
    }
  });
});

describe("the queues' Redis connection", () => {
  it('keeps the user, password, database and TLS of the URL', () => {
    expect(connectionFromUrl('rediss://app:p%40ss@r.example:6380/3')).toEqual({
      host: 'r.example',
      port: 6380,
      username: 'app',
      password: 'p@ss',
      db: 3,
      tls: { servername: 'r.example' },
      maxRetriesPerRequest: null,
    });
    expect(connectionFromUrl('redis://127.0.0.1')).toEqual({ host: '127.0.0.1', port: 6379, db: 0, maxRetriesPerRequest: null });
  });
});
