// The provider side of single sign-on, through openid-client: discovering an issuer (checked to be
// an https address on the internet unless the install allows otherwise), and the configuration a
// sign-in uses. Discoveries are kept a few minutes per instance, only as a saving: every instance
// can discover on its own, so nothing depends on this memory.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type * as OpenId from 'openid-client';
import { MSG } from '@fieldops/shared/messages';
import type { SsoSettings } from '../../../config.ts';
import { fieldError } from '../../../lib/errors.ts';
import { BoundedMap } from '../../../lib/bounded-map.ts';

let loading: Promise<typeof OpenId> | undefined;
/** openid-client is loaded with the first single sign-on, not by every instance at start. */
export const openIdClient = () => (loading ??= import('openid-client'));

const DISCOVERY_TTL_MS = 5 * 60 * 1000;
const DISCOVERY_TIMEOUT_S = 10;

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Addresses on this machine or a private network, written as such (names are not resolved here). */
function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  const version = isIP(host);
  if (version === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (version === 6) return host === '::' || host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:');
  return false;
}

/** Refuses an issuer the install does not allow: http, or on this machine or a private network. */
export function checkIssuerAllowed(issuer: string, settings: SsoSettings) {
  if (settings.allowInsecureIssuers) return;
  const url = new URL(issuer);
  if (url.protocol !== 'https:' || isPrivateHost(url.hostname)) throw fieldError('issuer', MSG.ssoIssuerNotAllowed);
}

/**
 * Refuses an address on this machine or a private network, by what its name resolves to now. The
 * connection made later resolves the name again, so a name whose answer changes in between is not
 * caught here (webhooks pin the checked address; a provider is chosen by the business's own
 * administrators).
 */
async function refusePrivateAddress(address: string) {
  const url = new URL(address);
  if (url.protocol !== 'https:' || isPrivateHost(url.hostname)) throw fieldError('issuer', MSG.ssoIssuerNotAllowed);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return;
  let resolved: { address: string }[];
  try {
    resolved = await lookup(host, { all: true });
  } catch {
    throw fieldError('issuer', MSG.ssoDiscoveryFailed);
  }
  if (resolved.some((r) => isPrivateHost(r.address))) throw fieldError('issuer', MSG.ssoIssuerNotAllowed);
}

const discovered = new BoundedMap<string, { config: OpenId.Configuration; until: number }>(200);
const keyOf = (p: ProviderClient) => JSON.stringify([p.issuer, p.clientId, p.clientSecret]);

/**
 * The provider's configuration for this client, discovered from its issuer (the document's issuer
 * must be this one exactly). Throws what openid-client throws when it cannot be had.
 */
export async function providerConfig(p: ProviderClient, settings: SsoSettings, fresh = false): Promise<OpenId.Configuration> {
  const key = keyOf(p);
  const kept = discovered.get(key);
  if (!fresh && kept && kept.until > Date.now()) return kept.config;
  checkIssuerAllowed(p.issuer, settings);
  if (!settings.allowInsecureIssuers) await refusePrivateAddress(p.issuer);
  const client = await openIdClient();
  const config = await client.discovery(new URL(p.issuer), p.clientId, undefined, client.ClientSecretBasic(p.clientSecret), {
    timeout: DISCOVERY_TIMEOUT_S,
    ...(settings.allowInsecureIssuers ? { execute: [client.allowInsecureRequests] } : {}),
  });
  if (!settings.allowInsecureIssuers) {
    // The document names the addresses the server posts the code (and the client secret) to: each
    // must be on the internet too.
    const metadata = config.serverMetadata();
    for (const address of [metadata.token_endpoint, metadata.jwks_uri, metadata.userinfo_endpoint]) if (address) await refusePrivateAddress(address);
  }
  discovered.set(key, { config, until: Date.now() + DISCOVERY_TTL_MS });
  return config;
}

/** Forgets what was discovered for an issuer (its provider was changed or removed here). */
export function forgetProvider(p: ProviderClient) {
  discovered.delete(keyOf(p));
}
