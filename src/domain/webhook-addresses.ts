/**
 * Which IP addresses a webhook may never reach unless the operator allows private targets (decision
 * 058): loopback, private, carrier-grade NAT, link-local (and with it the cloud metadata
 * service 169.254.169.254), unique-local IPv6, multicast, reserved and documentation ranges. IPv4
 * inside IPv6 (mapped, NAT64, 6to4) is judged as the IPv4 address it carries.
 */

interface Range {
  /** The first address of the range as bytes (4 for IPv4, 16 for IPv6). */
  base: number[];
  prefix: number;
  why: string;
}

const v4 = (text: string, prefix: number, why: string): Range => ({
  base: text.split('.').map(Number),
  prefix,
  why,
});

const IPV4_FORBIDDEN: Range[] = [
  v4('0.0.0.0', 8, 'this-network'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'carrier-grade NAT'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local (cloud metadata)'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'IETF protocol assignments'),
  v4('192.0.2.0', 24, 'documentation'),
  v4('192.88.99.0', 24, '6to4 relay'),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'),
  v4('203.0.113.0', 24, 'documentation'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
];

const v6 = (text: string, prefix: number, why: string): Range => ({
  base: parseIpv6(text) ?? [],
  prefix,
  why,
});

const IPV6_FORBIDDEN: Range[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('100::', 64, 'discard'),
  v6('2001:db8::', 32, 'documentation'),
  v6('2001::', 23, 'IETF protocol assignments'),
  v6('fc00::', 7, 'unique local'),
  v6('fe80::', 10, 'link-local'),
  v6('fec0::', 10, 'site-local'),
  v6('ff00::', 8, 'multicast'),
];

function inRange(bytes: number[], range: Range): boolean {
  let bits = range.prefix;
  for (let index = 0; bits > 0; index += 1, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[index] ?? 0) & mask) !== ((range.base[index] ?? 0) & mask)) return false;
  }
  return true;
}

export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** 16 bytes, or null; accepts `::` shortening, a trailing dotted IPv4 and a zone (`%eth0`, ignored). */
export function parseIpv6(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  if (!address.includes(':')) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const pieces = half.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && piece.includes('.')) {
        const ipv4 = parseIpv4(piece);
        if (!ipv4) return null;
        groups.push((ipv4[0]! << 8) | ipv4[1]!, (ipv4[2]! << 8) | ipv4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) groups.push(Number.parseInt(piece, 16));
      else return null;
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** The IPv4 address an IPv6 address carries: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16). */
function embeddedIpv4(bytes: number[]): number[] | null {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12, 16);
  if (zeros(0, 12)) return bytes.slice(12, 16); // IPv4-compatible (deprecated), ::a.b.c.d
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return bytes.slice(12, 16);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return null;
}

/**
 * Why a webhook may not reach this address (`"loopback"`, `"private"`, …), or null when it may.
 * Anything that is not an IP address is refused: names are resolved first and each answer judged.
 */
export function forbiddenAddressReason(address: string): string | null {
  const ipv4 = parseIpv4(address);
  if (ipv4) return IPV4_FORBIDDEN.find((range) => inRange(ipv4, range))?.why ?? null;
  const ipv6 = parseIpv6(address);
  if (!ipv6) return 'not an IP address';
  const carried = embeddedIpv4(ipv6);
  // ::1 and :: are IPv6's own loopback and unspecified, not IPv4-compatible addresses.
  const own = IPV6_FORBIDDEN.find((range) => inRange(ipv6, range));
  if (own) return own.why;
  if (carried) return forbiddenAddressReason(carried.join('.'));
  return null;
}
