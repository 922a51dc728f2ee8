import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('the address a per-address limit counts', () => {
  it('is an IPv4 address itself, also when it arrives IPv4-mapped', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(clientAddressKey('2001:db8:85a3:42::1')).toBe(key);
    expect(clientAddressKey('2001:0db8:85a3:0042:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientAddressKey('2001:db8:85a3:42:1:2:3:4%eth0')).toBe(key);
    expect(clientAddressKey('2001:db8:85a3:43::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps anything that is not an address as it is', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('not-an-address')).toBe('not-an-address');
  });
});
