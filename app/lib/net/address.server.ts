import net from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Whether an IP address is a public unicast address that the server may open a connection to on a
 * user's behalf. ipaddr.js names the special-purpose ranges (loopback, private, link-local, CGNAT,
 * unspecified, multicast, broadcast, unique-local, documentation as "reserved", the 6to4 / Teredo /
 * NAT64 translation prefixes); the few ranges its 1.9 release leaves as "unicast" are listed here.
 */

type Cidr<T> = [T, number]
const v4 = (cidr: string) => ipaddr.IPv4.parseCIDR(cidr)
const v6 = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr)

/** IPv4 ranges of the IANA special-purpose registry that ipaddr.js 1.9 calls unicast. */
const EXTRA_V4: Record<string, Cidr<ipaddr.IPv4>[]> = {
  benchmarking: [v4('198.18.0.0/15')],
}

/** IPv6 global unicast: anything outside it (100::/64 discard, fec0::/10 site-local, unassigned space) is refused. */
const GLOBAL_UNICAST_V6 = v6('2000::/3')

/**
 * Special ranges inside 2000::/3 that ipaddr.js 1.9 calls unicast: the IETF protocol assignments
 * (2001::/23: benchmarking 2001:2::/48, ORCHID, AMT, AS112; no push service lives there) and the
 * second documentation prefix (RFC 9637).
 */
const EXTRA_V6: Record<string, Cidr<ipaddr.IPv6>[]> = {
  ietfProtocolAssignments: [v6('2001::/23')],
  documentation: [v6('3fff::/20')],
}

function extraRange<T extends ipaddr.IPv4 | ipaddr.IPv6>(address: T, ranges: Record<string, Cidr<T>[]>): string | undefined {
  for (const [name, list] of Object.entries(ranges)) {
    if (list.some((cidr) => (address as ipaddr.IPv4).match(cidr as Cidr<ipaddr.IPv4>))) return name
  }
  return undefined
}

/**
 * The range an address belongs to: 'public' for a public unicast address, else the name of the
 * special range ('loopback', 'private', 'uniqueLocal', 'linkLocal', 'carrierGradeNat', 'reserved',
 * ...), or 'invalid' for a string that is not an IP address as `net.isIP` reads it. An IPv4-mapped
 * IPv6 address (::ffff:a.b.c.d) is judged by its IPv4 address. Brackets around IPv6 are accepted.
 */
export function addressRange(text: string): string {
  const address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  // Only canonical literals: odd forms (0x7f.1, 127.1) are names to the resolver, which the lookup guard checks.
  if (net.isIP(address) === 0) return 'invalid'
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.parse(address)
  } catch {
    // Forms ipaddr.js does not read (the deprecated IPv4-compatible ::a.b.c.d): refused.
    return 'invalid'
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  if (parsed.kind() === 'ipv4') {
    const ip = parsed as ipaddr.IPv4
    const range = ip.range()
    return range === 'unicast' ? (extraRange(ip, EXTRA_V4) ?? 'public') : range
  }
  const ip = parsed as ipaddr.IPv6
  if (ip.zoneId) return 'linkLocal'
  const range = ip.range()
  if (range !== 'unicast') return range
  if (!ip.match(GLOBAL_UNICAST_V6)) return 'reserved'
  return extraRange(ip, EXTRA_V6) ?? 'public'
}

export function isPublicAddress(text: string): boolean {
  return addressRange(text) === 'public'
}

/** The address in one canonical text form (IPv6 compressed, lower case, no brackets), or undefined when it is not one. */
export function canonicalAddress(text: string): string | undefined {
  const address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text
  if (net.isIP(address) === 0) return undefined
  try {
    return ipaddr.parse(address).toString()
  } catch {
    return undefined
  }
}
