import { describe, expect, it } from 'vitest'
import { addressRange, canonicalAddress, isPublicAddress } from './address.server'

describe('addressRange', () => {
  it.each([
    // IPv4 special ranges, at their edges
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.0', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['192.168.0.1', 'private'],
    ['198.18.0.0', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['febf:ffff::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'ietfProtocolAssignments'],
    ['2001::1', 'teredo'],
    ['2002:7f00:1::1', '6to4'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['100::1', 'reserved'],
    ['fec0::1', 'reserved'],
    ['::ffff:0:7f00:1', 'rfc6145'],
    // IPv4-mapped IPv6 is judged by its IPv4 address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:10.1.2.3]', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:8.8.8.8', 'public'],
    // public
    ['1.1.1.1', 'public'],
    ['8.8.8.8', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['198.17.255.255', 'public'],
    ['198.20.0.0', 'public'],
    ['223.255.255.255', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:82b::200a', 'public'],
    ['2001:200::1', 'public'],
    // not canonical IP literals (a resolver may still read them as addresses: the lookup guard judges the answer)
    ['0x7f.1', 'invalid'],
    ['127.1', 'invalid'],
    ['2130706433', 'invalid'],
    ['::127.0.0.1', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (address, range) => {
    expect(addressRange(address)).toBe(range)
    expect(isPublicAddress(address)).toBe(range === 'public')
  })
})

describe('canonicalAddress', () => {
  it('gives one form per address and undefined for names', () => {
    expect(canonicalAddress('[0:0:0:0:0:0:0:1]')).toBe('::1')
    expect(canonicalAddress('::FFFF:127.0.0.1')).toBe('::ffff:7f00:1')
    expect(canonicalAddress('127.0.0.1')).toBe('127.0.0.1')
    expect(canonicalAddress('push.example')).toBeUndefined()
  })
})
