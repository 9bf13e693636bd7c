// A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the single sign-on tests and
// journeys: one confidential client, accounts with e-mail claims, and a sign-in a test drives over
// HTTP as a browser would (the provider's development login form, consent granted up front).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export interface OidcKit {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account the provider signs in (its login is its subject). */
  addAccount(subject: string, account: OidcAccount): void;
  /**
   * Follows an authorization URL as a browser would, signing in as `subject`, and returns the
   * address the provider sends the browser back to (the app's callback with code, state and iss).
   */
  signIn(authorizationUrl: string, subject: string): Promise<URL>;
  close(): Promise<void>;
}

/** Cookies as a browser keeps them for one host (paths aside: every cookie goes with every request). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export async function startOidcProvider(options: { redirectUris: string[]; port?: number; clientId?: string; clientSecret?: string }): Promise<OidcKit> {
  const accounts = new Map<string, OidcAccount>();
  const clientId = options.clientId ?? 'fieldops';
  const clientSecret = options.clientSecret ?? 'a-client-secret-for-tests-only-0123456789';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-kit-cookie-key'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          ...(account.email === undefined ? {} : { email: account.email, email_verified: account.emailVerified ?? false }),
          ...(account.name ? { name: account.name } : {}),
        }),
      };
    },
    // Consent is taken as given: the tests are about the app, not the provider's consent screen.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientIdOf = ctx.oidc.client?.clientId;
      if (!accountId || !clientIdOf) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: clientIdOf, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount: (subject, account) => void accounts.set(subject, account),
    async signIn(authorizationUrl, subject) {
      const jar = new CookieJar();
      const go = async (url: URL, init: RequestInit = {}) => {
        const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
        jar.keep(response);
        return response;
      };
      let url = new URL(authorizationUrl);
      for (let step = 0; step < 10; step++) {
        if (!url.href.startsWith(issuer)) return url;
        let response = await go(url);
        if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
          await response.text();
          response = await go(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ prompt: 'login', login: subject, password: 'any' }).toString(),
          });
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`The provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
        url = new URL(location, url);
      }
      throw new Error('The provider kept redirecting');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
