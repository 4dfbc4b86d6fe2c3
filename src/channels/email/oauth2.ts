// OAuth2 for the game's mailbox (XOAUTH2 on IMAP and SMTP): a long-lived refresh token is traded
// at the provider's token endpoint for short-lived access tokens, renewed shortly before they
// expire. The request and answer are OAuth 2.0's refresh grant (RFC 6749 sections 6, 5.1 and 5.2),
// which Google ("Refreshing an access token", developers.google.com/identity/protocols/oauth2)
// and Microsoft ("Refresh the access token", learn.microsoft.com/entra/identity-platform/
// v2-oauth2-auth-code-flow) both follow.

export interface OAuth2Settings {
  tokenUrl: string;
  clientId: string;
  /** Web-app clients have one; "public" clients (Microsoft's desktop apps) do not. */
  clientSecret?: string;
  refreshToken: string;
  /** Microsoft wants the scopes again on refresh; Google does not. */
  scope?: string;
}

export const oauth2Providers = {
  google: { tokenUrl: 'https://oauth2.googleapis.com/token', scope: 'https://mail.google.com/' },
  microsoft: {
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scope: 'offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send',
  },
} as const;

export class OAuth2Error extends Error {
  override name = 'OAuth2Error';
}

export interface AccessToken {
  accessToken: string;
  /** Milliseconds since the epoch. */
  expires: number;
}

/** Renew this long before the provider's expiry, so a token never runs out mid-login. */
const MARGIN_MS = 60_000;
const TIMEOUT_MS = 10_000;

export class TokenSource {
  private current: AccessToken | null = null;
  private inFlight: Promise<AccessToken> | null = null;
  private refreshToken: string;
  /** Requests made to the token endpoint so far. */
  refreshes = 0;

  constructor(
    private readonly settings: OAuth2Settings,
    private readonly now: () => number = Date.now,
  ) {
    this.refreshToken = settings.refreshToken;
  }

  /** A valid access token; `renew` forces a new one (the server refused the last). */
  async token(renew = false): Promise<AccessToken> {
    if (!renew && this.current && this.current.expires - MARGIN_MS > this.now()) return this.current;
    // Callers asking at the same moment share one request.
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async refresh(): Promise<AccessToken> {
    const s = this.settings;
    const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: this.refreshToken, client_id: s.clientId });
    if (s.clientSecret) body.set('client_secret', s.clientSecret);
    if (s.scope) body.set('scope', s.scope);
    this.refreshes++;
    let response: Response;
    try {
      response = await fetch(s.tokenUrl, { method: 'POST', body, headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (e) {
      const cause = (e as Error).cause as NodeJS.ErrnoException | undefined;
      const why =
        cause?.code === 'ECONNREFUSED' ? 'connection refused' : cause?.code === 'ENOTFOUND' ? 'no such host' : (cause?.message ?? (e as Error).message);
      throw new OAuth2Error(`cannot reach the OAuth2 token endpoint ${s.tokenUrl}: ${why}.`);
    }
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || typeof answer.access_token !== 'string') {
      const why =
        typeof answer.error === 'string'
          ? `${answer.error}${typeof answer.error_description === 'string' ? ` (${answer.error_description.split('\n')[0].slice(0, 200)})` : ''}`
          : `HTTP ${response.status}`;
      const advice =
        answer.error === 'invalid_grant'
          ? 'the refresh token is expired or revoked: make a new one as docs/mail-providers.md says'
          : 'check the client id, secret and token URL';
      throw new OAuth2Error(`the OAuth2 token endpoint refused to renew the access token, ${why}: ${advice}.`);
    }
    // Providers that rotate refresh tokens (Microsoft) send a new one; the old may stop working.
    if (typeof answer.refresh_token === 'string' && answer.refresh_token) this.refreshToken = answer.refresh_token;
    const lifetime = Number(answer.expires_in ?? 3600);
    this.current = { accessToken: answer.access_token, expires: this.now() + (Number.isFinite(lifetime) ? lifetime : 3600) * 1000 };
    return this.current;
  }
}

/** Nodemailer's OAuth2 auth, with its tokens from `source` (nodemailer asks again with renew=true after a refusal). */
export function smtpOAuth2(user: string, source: TokenSource) {
  return {
    type: 'OAuth2' as const,
    user,
    provisionCallback(_user: string, renew: boolean, callback: (err: Error | null, accessToken?: string, expires?: number) => void) {
      source.token(renew).then(
        (t) => callback(null, t.accessToken, t.expires),
        (err: Error) => callback(err),
      );
    },
  };
}
