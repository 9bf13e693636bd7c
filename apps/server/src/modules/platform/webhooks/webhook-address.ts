// Where webhooks may be sent. An endpoint is an address an administrator types and the server
// posts to later: without these checks it could reach the database, a metadata service (cloud
// credentials at 169.254.169.254) or anything else on this machine or its private network. The
// address is checked when registered, and again at each send after resolving its name: every
// address the name has must be public, and the connection goes to the address checked, so a name
// that answers differently the second time (DNS rebinding) cannot slip through. Private installs
// and tests allow such hosts with WEBHOOKS_ALLOW_PRIVATE_HOSTS.
import dns from 'node:dns';
import net from 'node:net';

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 of any IPv4 address, private ones included
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (`::ffff:127.0.0.1`, `::ffff:7f00:1`, `::127.0.0.1`), if any. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^::(?:ffff:(?:0{1,4}:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted?.[1]) return dotted[1];
  const hex = /^::(?:ffff:(?:0{1,4}:)?)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex?.[1] && hex[2]) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** Whether an IP address is on loopback, a private or link-local network, or otherwise not public. */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(ip);
  if (family === 4) return BLOCKED.check(ip, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(ip.toLowerCase());
  if (v4 !== null) return BLOCKED.check(v4, 'ipv4');
  return BLOCKED.check(ip, 'ipv6');
}

/** Names that mean this machine whatever DNS says. */
const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === 'localhost.';

export type AddressVerdict = 'ok' | 'invalid' | 'private';

/** The URL's shape and, when its host is an IP address or a local name, whether it may be sent to. */
export function checkWebhookUrl(value: string, allowPrivate: boolean): AddressVerdict {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return 'invalid';
  if (allowPrivate) return 'ok';
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (isLocalName(host)) return 'private';
  if (net.isIP(host) !== 0) return isBlockedAddress(host) ? 'private' : 'ok';
  return 'ok';
}

/**
 * Resolves `host` and answers whether any of its addresses is private; a name that does not resolve
 * now is left for the send to find (it may be set up after the endpoint is registered).
 */
export async function resolvesPrivately(host: string, timeoutMs = 2000): Promise<boolean> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare) !== 0) return isBlockedAddress(bare);
  let timer: NodeJS.Timeout | undefined;
  try {
    const addresses = await Promise.race([
      dns.promises.lookup(bare, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return addresses.some((a) => isBlockedAddress(a.address));
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Raised by the guarded lookup: the message is what the delivery log shows. */
export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request: resolves the name, refuses it when any of its addresses is not
 * public, and hands the socket exactly the addresses it checked (no second resolution).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses;
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      if (!allowPrivate) {
        const blocked = list.find((a) => isBlockedAddress(a.address));
        if (blocked) return callback(new BlockedAddressError(`${hostname} resolves to ${blocked.address}, a private address`), '');
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
