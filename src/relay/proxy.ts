/**
 * What a request says about its client, directly or through reverse proxies (TRUST_PROXY).
 *
 * Behind a proxy every connection comes from the proxy, so without TRUST_PROXY every visitor
 * has one address and the per-address lead limit counts the whole site together. With it, the
 * relay reads X-Forwarded-For the way proxy-addr does for a number of trusted hops: each proxy
 * appends the address it was connected from, so the entry `hops` places from the right is the
 * one the outermost trusted proxy saw; entries further left were written by the client and are
 * never read. X-Forwarded-Proto is the scheme the nearest proxy reports.
 */
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { isLoopbackHost } from "./settings";

/** The proxies in front of the relay: 0 (or false) when browsers connect directly. */
export type ProxyHops = number | boolean;

const hopsOf = (trust: ProxyHops) => (trust === true ? 1 : trust === false ? 0 : Math.max(0, Math.floor(trust)));

function entries(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(",") : (value ?? "");
  return text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** An address as written in X-Forwarded-For: without brackets, a port, or an IPv6 zone. */
function bareAddress(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return (v4WithPort ? v4WithPort[1] : entry).replace(/%.*$/, "");
}

/**
 * The client's address: the socket's, or behind `hops` trusted proxies the X-Forwarded-For entry
 * the outermost of them added (see the module comment). An entry that is not an address is not
 * used: the socket's address stands in.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyHops): string {
  const socket = req.socket.remoteAddress ?? "unknown";
  const hops = hopsOf(trust);
  if (hops === 0) return socket;
  // proxy-addr's order: the socket, then X-Forwarded-For from the right.
  const chain = [socket, ...entries(req.headers["x-forwarded-for"]).reverse()];
  const chosen = bareAddress(chain[Math.min(hops, chain.length - 1)]);
  return isIP(chosen) ? chosen : socket;
}

/** Whether the request came over https: a TLS socket, or the scheme a trusted proxy reports. */
export function isHttps(req: IncomingMessage, trust: ProxyHops): boolean {
  if (hopsOf(trust) > 0) {
    const proto = entries(req.headers["x-forwarded-proto"]).at(-1)?.toLowerCase();
    if (proto) return proto === "https";
  }
  return "encrypted" in req.socket && Boolean(req.socket.encrypted);
}

/** The eight groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array(missing).fill("0"), ...right].map((g) => Number.parseInt(g, 16));
}

/**
 * What the per-address limit counts by: an IPv4 address as it is; an IPv6 address by its /64,
 * the block one home or phone is given (it can take any address in it); an IPv4 address written
 * as IPv6 (::ffff:203.0.113.7) as the IPv4 address.
 */
export function limitKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address.slice(0, 64);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The warning for a relay that listens where other machines reach it, with TRUST_PROXY unset:
 * behind a proxy, every visitor would then share the proxy's address and its lead limit.
 */
export function proxyWarning(host: string, trust: ProxyHops): string | undefined {
  if (hopsOf(trust) > 0 || isLoopbackHost(host)) return undefined;
  return `Listening on ${host} without TRUST_PROXY. If a reverse proxy or load balancer is in front of the relay, set TRUST_PROXY=1 (and make it set X-Forwarded-For and X-Forwarded-Proto): without it every visitor has the proxy's address, so the per-address lead limit counts the whole site together and refuses patients once it is reached, and pages get no Strict-Transport-Security. If browsers connect to the relay directly, leave it unset.`;
}
