import { describe, expect, it } from 'vitest';
import { type AddressPolicy, isPrivateAddress, refusalReason } from '../../../src/providers/ssrf-guard.js';

const STRICT: AddressPolicy = { allowPrivate: false, allowedHosts: [] };

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback range'],
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8 end'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12 end'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT start'],
    ['100.127.255.255', 'CGNAT end'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '"this" network'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'IPv6 ULA fc00::/7'],
    ['fd12:3456:789a::1', 'IPv6 ULA fd'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::FFFF:10.0.0.1', 'IPv4-mapped private, upper case'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form (as URL parsing writes it)'],
    ['::ffff:c0a8:101', 'IPv4-mapped 192.168.1.1, hex form'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 64:ff9b:1::/48'],
    ['::ffff:0:7f00:1', 'IPv4-translated ::ffff:0:0/96'],
    ['192.88.99.1', 'deprecated 6to4 relay anycast 192.88.99.0/24'],
  ])('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.216.34'],
    ['172.15.255.255'],
    ['172.32.0.0'],
    ['100.63.255.255'],
    ['100.128.0.0'],
    ['11.0.0.1'],
    ['192.169.0.1'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4001:81c::200e'],
    ['::ffff:8.8.8.8'],
    ['::ffff:808:808'],
  ])('allows the public address %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.each(['localhost', 'example.com', '', '999.1.1.1', '1.2.3', 'not an ip'])('refuses %j, which is not an IP address', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
});

describe('refusalReason', () => {
  it('returns null for a public address', () => {
    expect(refusalReason('example.com', '93.184.216.34', STRICT)).toBeNull();
  });

  it('explains a refusal, naming the host and the settings that allow it, never what the host resolves to', () => {
    const reason = refusalReason('intranet.local', '10.1.2.3', STRICT);
    expect(reason).toContain('intranet.local');
    expect(reason).not.toContain('10.1.2.3');
    expect(reason).not.toMatch(/resolves/);
    expect(reason).toContain('MNEMO_URL_ALLOW_PRIVATE');
    expect(reason).toContain('MNEMO_URL_ALLOWED_HOSTS');
  });

  it('allows any address when allowPrivate is set', () => {
    const policy = { allowPrivate: true, allowedHosts: [] };
    expect(refusalReason('localhost', '127.0.0.1', policy)).toBeNull();
    expect(refusalReason('metadata', '169.254.169.254', policy)).toBeNull();
  });

  it('allows a private address for an allowed host only, matching the host case-insensitively', () => {
    const policy = { allowPrivate: false, allowedHosts: ['wiki.internal'] };
    expect(refusalReason('wiki.internal', '10.0.0.5', policy)).toBeNull();
    expect(refusalReason('WIKI.Internal', '10.0.0.5', policy)).toBeNull();
    expect(refusalReason('other.internal', '10.0.0.5', policy)).not.toBeNull();
    expect(refusalReason('wiki.internal.evil.com', '10.0.0.5', policy)).not.toBeNull();
    expect(refusalReason('sub.wiki.internal', '10.0.0.5', policy)).not.toBeNull();
  });
});
