import net from 'node:net';

/** Decides whether the URL fetcher may connect to a resolved address. */
export interface AddressPolicy {
  allowPrivate: boolean;
  /** Host names (exact, lower-case) always allowed, e.g. an internal wiki the operator trusts. */
  allowedHosts: readonly string[];
}

const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const blockList = new net.BlockList();
for (const [addr, prefix] of BLOCKED_V4) blockList.addSubnet(addr, prefix, 'ipv4');
for (const [addr, prefix] of [
  ['::', 96], // unspecified and deprecated IPv4-compatible (::a.b.c.d)
  ['::1', 128], // loopback
  ['fec0::', 10], // deprecated site-local
  ['2002::', 16], // 6to4: embeds an IPv4 address that may be private
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['64:ff9b::', 96], // NAT64 (may map to private IPv4)
  ['64:ff9b:1::', 48], // local-use NAT64
  // IPv4-translated (::ffff:0:a.b.c.d). IPv4-mapped ::ffff:0:0/96 is judged by the IPv4 address it embeds (below,
  // and by BlockList for the hex form), so a mapped private address is refused and a mapped public one is not.
  ['::ffff:0:0:0', 96],
] as const) {
  blockList.addSubnet(addr, prefix, 'ipv6');
}

/** True when the address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blockList.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blockList.check(mapped[1]!, 'ipv4');
    return blockList.check(address, 'ipv6');
  }
  return true;
}

/** Returns a reason when connecting to `address` for `host` is refused, or null when it is allowed. */
export function refusalReason(host: string, address: string, policy: AddressPolicy): string | null {
  if (policy.allowPrivate || policy.allowedHosts.includes(host.toLowerCase())) return null;
  // The message never says what the name resolves to: that would let a caller map an internal network.
  return isPrivateAddress(address) ? `${host} is a private or local address (set MNEMO_URL_ALLOW_PRIVATE or MNEMO_URL_ALLOWED_HOSTS to allow it)` : null;
}
