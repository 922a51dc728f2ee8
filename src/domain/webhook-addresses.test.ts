import { describe, expect, it } from 'vitest';
import { forbiddenAddressReason, parseIpv6 } from './webhook-addresses.ts';

describe('addresses a webhook may never reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'this-network'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd00:ec2::254', 'unique local'],
    ['fc12::1', 'unique local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local (cloud metadata)'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:a00:1::', 'private'],
    ['[::1]', 'loopback'],
  ])('refuses %s (%s)', (address, why) => {
    expect(forbiddenAddressReason(address)).toBe(why);
  });

  it.each([
    '93.184.216.34',
    '172.32.0.1',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('refuses what is not an address: names are resolved first', () => {
    expect(forbiddenAddressReason('localhost')).toBe('not an IP address');
    expect(forbiddenAddressReason('1.2.3')).toBe('not an IP address');
    expect(forbiddenAddressReason('1:2:3:4:5:6:7:8:9')).toBe('not an IP address');
  });

  it('reads shortened IPv6', () => {
    expect(parseIpv6('2001:db8::1')).toEqual([0x20, 0x01, 0x0d, 0xb8, ...Array(11).fill(0), 1]);
  });
});
