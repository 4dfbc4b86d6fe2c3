import { describe, expect, it } from 'vitest';
import { ConfigError, serviceConfig } from '../../jobs/service-config.ts';

describe('service configuration from the environment', () => {
  it('fills defaults around what is given', () => {
    const c = serviceConfig({ REDIS_URL: 'redis://r:6379', ADJUTANT_MAIL_DOMAIN: 'example.org', ADJUTANT_MAIL_PASSWORD: 'pw', ADJUTANT_GAMES: 'games/a, games/b', ADJUTANT_OUTPUT_PORT: 'off', ADJUTANT_DOWN_AFTER: '5m' });
    expect(c.mail.from).toBe('game@example.org');
    expect(c.mail.imap).toMatchObject({ user: 'game@example.org', pass: 'pw', port: 143 });
    expect(c.mail.smtp.auth).toBeUndefined();
    expect(c.games).toEqual(['games/a', 'games/b']);
    expect(c.outputs.port).toBeNull();
    expect(c.settings).toEqual({ from: 'game@example.org', downAfterMs: 300_000 });
    expect([c.prefix, c.scope, c.flavour, c.concurrency]).toEqual(['{adjutant-queues}', 'main', 'xenforo', 4]);
  });

  it('says which variable is wrong', () => {
    expect(() => serviceConfig({})).toThrow(/REDIS_URL is not set/);
    expect(() => serviceConfig({ REDIS_URL: 'redis://r', ADJUTANT_CONCURRENCY: 'many' })).toThrow(new ConfigError('ADJUTANT_CONCURRENCY=many: write a whole number.'));
    expect(() => serviceConfig({ REDIS_URL: 'redis://r', ADJUTANT_FORUM_FLAVOUR: 'vbulletin' })).toThrow(/xenforo, phpbb or discourse/);
    expect(() => serviceConfig({ REDIS_URL: 'redis://r', ADJUTANT_MIN_NOTICE: 'soon' })).toThrow(/ADJUTANT_MIN_NOTICE=soon/);
  });
});
