// oidc-provider ships no types; this names the part the single sign-on tests use (test/oidc-kit.ts):
// a provider with clients, accounts and grants, served through Node's http server.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface KoaContextWithOIDC {
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: { Grant: new (properties: { clientId: string; accountId: string }) => Grant };
    };
  }

  interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (ctx: KoaContextWithOIDC, id: string) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
