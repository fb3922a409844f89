/**
 * The client a request comes from, as rate limits count it: the socket's peer address, or (behind
 * `TRUST_PROXY` proxies) the address the nearest untrusted hop gave in `X-Forwarded-For`. IPv6
 * addresses count by their /64 network, since one subscriber holds a whole /64.
 * @example
 * clientAddress(request, { req }, 0); // '203.0.113.7'
 */
import { isIPv4, isIPv6 } from 'node:net';

/** What the Node adapter hands yoga as server context (absent for in-process `fetch`). */
export interface NodeServerContext {
  req?: { socket?: { remoteAddress?: string | null } | null } | null;
}

/** Subject of in-process requests (tests and tools calling `app.fetch`): one client. */
export const IN_PROCESS_CLIENT = 'in-process';

/** Expand an IPv6 address to eight 16-bit groups (no `::`, no embedded IPv4). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/** The counted form of an address: IPv4 as is (also when IPv4-mapped), IPv6 as its /64 network; anything else unchanged. */
export function normaliseAddress(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  if (isIPv4(trimmed)) return trimmed;
  if (!isIPv6(trimmed)) return trimmed.toLowerCase();
  const groups = ipv6Groups(trimmed);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The client of a request (see the module comment); `trustProxy` is the number of proxies in front of the server. */
export function clientAddress(request: Request, server: NodeServerContext, trustProxy: number): string {
  const peer = server.req?.socket?.remoteAddress;
  if (trustProxy > 0) {
    const hops = (request.headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    // Each of our proxies appends the address it received from: the entry `trustProxy` from the end is the client.
    const forwarded = hops[hops.length - trustProxy];
    if (forwarded && (isIPv4(forwarded) || isIPv6(forwarded.replace(/^\[|\]$/g, '')))) return normaliseAddress(forwarded);
  }
  return peer ? normaliseAddress(peer) : IN_PROCESS_CLIENT;
}
