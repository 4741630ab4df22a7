import { describe, expect, it } from 'vitest';
import { classifyAddress, isPublicUnicast, parseIpv6 } from '../../domain/webhooks/address.js';

describe('webhook address classification', () => {
  it.each([
    ['8.8.8.8', 4],
    ['1.1.1.1', 4],
    ['93.184.215.14', 4],
    ['100.63.255.255', 4], // just below CGNAT
    ['100.128.0.0', 4], // just above CGNAT
    ['172.15.255.255', 4],
    ['172.32.0.0', 4],
    ['198.17.255.255', 4],
    ['198.20.0.0', 4],
    ['223.255.255.255', 4],
    ['2606:4700:4700::1111', 6],
    ['2a00:1450:4001:82a::200e', 6],
    ['::ffff:8.8.8.8', 6],
    ['::ffff:808:808', 6],
    ['64:ff9b::8.8.8.8', 6],
    ['2002:808:808::1', 6],
    ['[2606:4700:4700::1111]', 6],
  ])('%s is public unicast', (address, family) => {
    expect(classifyAddress(address)).toMatchObject({ family, kind: 'public' });
    expect(isPublicUnicast(address)).toBe(true);
  });

  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this_network'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link_local'], // cloud metadata
    ['169.254.0.1', 'link_local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.200', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
  ])('IPv4 %s is %s', (address, kind) => {
    expect(classifyAddress(address)).toEqual({ family: 4, kind });
    expect(isPublicUnicast(address)).toBe(false);
  });

  it.each([
    ['::', 'unspecified', undefined],
    ['::1', 'loopback', undefined],
    ['0:0:0:0:0:0:0:1', 'loopback', undefined],
    ['[::1]', 'loopback', undefined],
    ['fc00::1', 'unique_local', undefined],
    ['fd12:3456:789a::1', 'unique_local', undefined],
    ['fe80::1', 'link_local', undefined],
    ['fe80::1%eth0', 'link_local', undefined],
    ['febf:ffff::1', 'link_local', undefined],
    ['fec0::1', 'private', undefined],
    ['ff02::1', 'multicast', undefined],
    ['ff05::1:3', 'multicast', undefined],
    ['2001:db8::1', 'documentation', undefined],
    ['3fff::1', 'documentation', undefined],
    ['2001::1', 'reserved', undefined], // Teredo
    ['2001:2::1', 'benchmarking', undefined],
    ['100::1', 'reserved', undefined],
    ['5f00::1', 'reserved', undefined],
    ['64:ff9b:1::a00:1', 'reserved', undefined],
    ['4000::1', 'reserved', undefined],
    // IPv4 hidden inside IPv6: the embedded address decides.
    ['::ffff:127.0.0.1', 'loopback', '127.0.0.1'],
    ['::ffff:7f00:1', 'loopback', '127.0.0.1'],
    ['::ffff:10.1.2.3', 'private', '10.1.2.3'],
    ['::ffff:169.254.169.254', 'link_local', '169.254.169.254'],
    ['::127.0.0.1', 'loopback', '127.0.0.1'], // IPv4-compatible
    ['::8.8.8.8', 'reserved', '8.8.8.8'], // IPv4-compatible, deprecated even when public
    ['::ffff:0:8.8.8.8', 'reserved', '8.8.8.8'], // SIIT
    ['64:ff9b::10.0.0.1', 'private', '10.0.0.1'], // NAT64 to a private host
    ['64:ff9b::a9fe:a9fe', 'link_local', '169.254.169.254'],
    ['64:ff9b::7f00:1', 'loopback', '127.0.0.1'],
    ['2002:c0a8:101::1', 'private', '192.168.1.1'], // 6to4
    ['2002:7f00:1::1', 'loopback', '127.0.0.1'],
  ])('IPv6 %s is %s', (address, kind, embeddedIpv4) => {
    expect(classifyAddress(address)).toEqual({ family: 6, kind, ...(embeddedIpv4 ? { embeddedIpv4 } : {}) });
    expect(isPublicUnicast(address)).toBe(false);
  });

  it.each([
    'example.com',
    '',
    '256.1.1.1',
    '1.2.3',
    '01.2.3.4', // octal-looking: a URL parser normalises these, raw text is refused
    '0x7f.0.0.1',
    '2130706433',
    '1.2.3.4.5',
    '::1::',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    'gggg::1',
    '12345::1',
    '::ffff:999.0.0.1',
    ':::',
  ])('%j is not an address, and so not public', (text) => {
    expect(classifyAddress(text)).toBeNull();
    expect(isPublicUnicast(text)).toBe(false);
  });

  it('expands :: and dotted tails into eight groups', () => {
    expect(parseIpv6('1::8')).toEqual([1, 0, 0, 0, 0, 0, 0, 8]);
    expect(parseIpv6('1:2:3:4:5:6:7::')).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIpv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]);
    expect(parseIpv6('1.2.3.4::')).toBeNull();
  });
});
