import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '../../../schema/webhooks';
import { badRequest } from '../../http/errors';

/**
 * Where deliveries may go (docs/product/webhooks.md#addresses). Server-side request forgery is the attack: a
 * subscription pointed at the server itself, the cloud's metadata service or the office network would have the server
 * post there on an attacker's behalf. So a receiver must be a public address — the address as typed, every address its
 * name resolves to when subscribing, and again the one each delivery connects to (a name that later resolves to
 * 127.0.0.1 is refused then, not followed) — unless an administrator allows private ones for the subscription. Plain
 * http only where the server allows it (WEBHOOK_ALLOW_HTTP, off when NODE_ENV is production).
 */

/** ipaddr.js's name for the public internet; every other range (loopback, private, link-local, reserved …) is not. */
const PUBLIC_RANGE = 'unicast';

/** The range of an address, an IPv4-mapped IPv6 one read as the IPv4 it is. */
const rangeOf = (address: string) => ipaddr.process(address).range();
export const isPublicAddress = (address: string) => rangeOf(address) === PUBLIC_RANGE;

export interface DestinationRules {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** The URL's host without IPv6 brackets, and whether it is an address already. */
function hostOf(url: URL): { host: string; literal: boolean } {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { host, literal: ipaddr.isValid(host) };
}

/** The URL as subscribed, or 400 saying what to change (field `url`). */
export function parseDestination(text: string, rules: DestinationRules): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(WEBHOOK_MESSAGES.url, 'url');
  }
  if (url.protocol !== 'https:' && !(rules.allowHttp && url.protocol === 'http:'))
    throw badRequest(rules.allowHttp ? WEBHOOK_MESSAGES.url : WEBHOOK_MESSAGES.httpsOnly, 'url');
  if (url.username || url.password) throw badRequest(WEBHOOK_MESSAGES.credentials, 'url');
  return url;
}

/** Every address the URL's host names now, each checked (400 naming the first private one, or an unknown name). */
export async function checkDestination(text: string, rules: DestinationRules): Promise<URL> {
  const url = parseDestination(text, rules);
  if (rules.allowPrivate) return url;
  const { host, literal } = hostOf(url);
  let addresses: string[];
  if (literal) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw badRequest(WEBHOOK_MESSAGES.unresolved(host), 'url');
    }
  }
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused) throw badRequest(WEBHOOK_MESSAGES.privateAddress(host, refused), 'url');
  return url;
}

/** Why a delivery may not connect to this URL's literal address (null: it may, or its name is checked on lookup). */
export function literalRefusal(url: URL, allowPrivate: boolean): string | null {
  const { host, literal } = hostOf(url);
  if (allowPrivate || !literal || isPublicAddress(host)) return null;
  return WEBHOOK_MESSAGES.privateAddress(host, host);
}

/**
 * The DNS lookup of a delivery's connection: the addresses a private one is dropped from (unless allowed), so the
 * socket never reaches one whatever the name resolves to at that moment; none left is an error of the delivery.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, entries) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? entries : entries.filter((entry) => isPublicAddress(entry.address));
      if (!usable.length) {
        const refused = Object.assign(new Error(WEBHOOK_MESSAGES.privateAddress(hostname, entries[0]?.address ?? '')), {
          code: 'EPRIVATEADDRESS',
        });
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}
