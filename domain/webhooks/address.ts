// Which IP addresses a callback may reach. A webhook URL is chosen by a customer, so without this check the
// service could be made to POST into its own network (cloud metadata, databases, admin ports). The rule is an
// allowlist, not a blocklist: IPv4 outside the special-purpose registry and IPv6 inside global unicast
// 2000::/3 (minus its special blocks) are public; everything else, including anything we fail to parse, is not.

export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'this_network'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link_local'
  | 'unique_local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved';

export interface AddressClass {
  family: 4 | 6;
  kind: AddressKind;
  /** The IPv4 address carried inside an IPv6 one (mapped, compatible, NAT64, 6to4) that decided `kind`. */
  embeddedIpv4?: string;
}

/** Words for messages shown to the customer. */
export const ADDRESS_KIND_LABEL: Record<AddressKind, string> = {
  public: 'a public address',
  unspecified: 'the unspecified address',
  this_network: 'a "this network" address (0.0.0.0/8)',
  loopback: 'a loopback address',
  private: 'a private address',
  shared: 'a carrier-grade NAT address (100.64.0.0/10)',
  link_local: 'a link-local address',
  unique_local: 'a unique local IPv6 address (fc00::/7)',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  documentation: 'an address reserved for documentation',
  benchmarking: 'an address reserved for benchmarking (198.18.0.0/15)',
  reserved: 'a reserved or special-purpose address',
};

// IPv4 special-purpose blocks (IANA registry), most specific first where they nest.
const IPV4_BLOCKS: readonly [base: string, prefix: number, kind: AddressKind][] = [
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 32, 'unspecified'],
  ['0.0.0.0', 8, 'this_network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'reserved'],
  ['192.52.193.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** Strict dotted quad (no octal, hex or shortened forms: a URL parser has already normalised those). */
export function parseIpv4(text: string): number | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  let value = 0;
  for (const part of match.slice(1)) {
    if (part.length > 1 && part.startsWith('0')) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

const formatIpv4 = (value: number) =>
  [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');

const IPV4_TABLE = IPV4_BLOCKS.map(([base, prefix, kind]) => {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { network: (parseIpv4(base)! & mask) >>> 0, mask, kind };
});

function classifyIpv4Value(value: number): AddressKind {
  for (const block of IPV4_TABLE) {
    if ((value & block.mask) >>> 0 === block.network) return block.kind;
  }
  return 'public';
}

/** Eight 16-bit groups, or null. Accepts `::` compression, a dotted IPv4 tail, brackets and a zone id. */
export function parseIpv6(text: string): number[] | null {
  let body = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = body.indexOf('%');
  if (zone >= 0) body = body.slice(0, zone);
  if (!body.includes(':')) return null;

  const halves = body.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (part: string, allowIpv4Tail: boolean): number[] | null => {
    if (part === '') return [];
    const pieces = part.split(':');
    const groups: number[] = [];
    for (const [index, piece] of pieces.entries()) {
      if (allowIpv4Tail && index === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        groups.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };

  if (halves.length === 1) {
    const groups = parseGroups(halves[0]!, true);
    return groups && groups.length === 8 ? groups : null;
  }
  const head = parseGroups(halves[0]!, false);
  const tail = parseGroups(halves[1]!, true);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function classifyIpv6Groups(g: number[]): AddressClass {
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const embedded = (high: number, low: number, publicKind: AddressKind = 'public'): AddressClass => {
    const v4 = ((high << 16) >>> 0) + low;
    const kind = classifyIpv4Value(v4);
    return { family: 6, kind: kind === 'public' ? publicKind : kind, embeddedIpv4: formatIpv4(v4) };
  };
  const [g0, g1, g2] = g as [number, number, number];

  if (zeros(0, 8)) return { family: 6, kind: 'unspecified' };
  if (zeros(0, 7) && g[7] === 1) return { family: 6, kind: 'loopback' };
  // ::ffff:a.b.c.d reaches the IPv4 host a.b.c.d, so it is exactly as public as that host.
  if (zeros(0, 5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!);
  // ::a.b.c.d (deprecated IPv4-compatible) and ::ffff:0:a.b.c.d (SIIT): never a real destination.
  if (zeros(0, 6)) return embedded(g[6]!, g[7]!, 'reserved');
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6]!, g[7]!, 'reserved');
  // NAT64 well-known prefix 64:ff9b::/96: the gateway forwards to the embedded IPv4 host.
  if (g0 === 0x64 && g1 === 0xff9b && zeros(2, 6)) return embedded(g[6]!, g[7]!);
  // 64:ff9b:1::/48 is for translation inside one network: never public.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return { family: 6, kind: 'reserved' };
  // 6to4 2002::/16 tunnels to the IPv4 host in bits 16-47.
  if (g0 === 0x2002) return embedded(g1, g2);
  if (g0 === 0x2001 && g1 === 0x0db8) return { family: 6, kind: 'documentation' };
  // 2001::/23: IETF protocol assignments (Teredo, ORCHID, benchmarking 2001:2::/48, ...).
  if (g0 === 0x2001 && g1 < 0x0200) return { family: 6, kind: g1 === 2 && g2 === 0 ? 'benchmarking' : 'reserved' };
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return { family: 6, kind: 'documentation' };
  if (g0 === 0x5f00) return { family: 6, kind: 'reserved' };
  if ((g0 & 0xe000) === 0x2000) return { family: 6, kind: 'public' };
  if ((g0 & 0xfe00) === 0xfc00) return { family: 6, kind: 'unique_local' };
  if ((g0 & 0xffc0) === 0xfe80) return { family: 6, kind: 'link_local' };
  if ((g0 & 0xffc0) === 0xfec0) return { family: 6, kind: 'private' }; // deprecated site-local
  if ((g0 & 0xff00) === 0xff00) return { family: 6, kind: 'multicast' };
  return { family: 6, kind: 'reserved' }; // 100::/64 discard-only and all unassigned space
}

/** Classifies an IP address given as text (IPv6 may be bracketed); null when the text is not an IP address. */
export function classifyAddress(text: string): AddressClass | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { family: 4, kind: classifyIpv4Value(v4) };
  const v6 = parseIpv6(text);
  return v6 ? classifyIpv6Groups(v6) : null;
}

/** True only for an address a public server could hold; false for anything else, including non-addresses. */
export const isPublicUnicast = (text: string): boolean => classifyAddress(text)?.kind === 'public';
