// Which push endpoints the server will post to. A subscription's endpoint is a URL the browser's
// push service gave it; the server sends to it later, so an address on this machine or a private
// network (the database, a metadata service) is refused unless PUSH_LOCAL_ENDPOINTS allows it, as
// the tests' own push service needs. web-push speaks HTTPS only.
import net from 'node:net';

const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(address, prefix, 'ipv6');

function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = net.isIP(host);
  if (family === 4) return PRIVATE.check(host, 'ipv4');
  if (family === 6) return PRIVATE.check(host, 'ipv6');
  return false;
}

/** Whether the server may send to `endpoint`. */
export function acceptableEndpoint(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return allowLocal || !isLocalHost(url.hostname);
}

/** A browser's subscription keys: its P-256 public key (65 bytes, uncompressed) and a 16-byte secret. */
export function acceptableKeys(keys: { p256dh: string; auth: string }): { p256dh: boolean; auth: boolean } {
  const bytes = (value: string) => (/^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0));
  const p256dh = bytes(keys.p256dh);
  return { p256dh: p256dh.length === 65 && p256dh[0] === 4, auth: bytes(keys.auth).length === 16 };
}
