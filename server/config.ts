import net from 'node:net';
import path from 'node:path';
import { DEFAULT_TIME_ZONE, canonicalTimeZone } from '../schema/businessDay';
import { type S3Location, parseS3Url } from './files/objectStore';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches from the embedded SQLite database to PostgreSQL. */
  databaseUrl: string | null;
  jwtSecret: string | null;
  /** Token lifetime in seconds. */
  jwtExpiresIn: number;
  demoData: boolean;
  /** With the demo company, a year of settled driver ledgers (off in most tests: it takes several seconds). */
  demoLedgers: boolean;
  recaptchaSecret: string | null;
  recaptchaVerifyUrl: string;
  logLevel: string;
  /** SQLite only: MiB of the database file read through a memory map (SQLITE_MMAP_MB; 0 turns it off). */
  sqliteMmapMb: number;
  /** SQLite only: keep the mapped part of the file in memory (SQLITE_KEEP_RESIDENT; server/db/residentFile.ts). */
  sqliteKeepResident: boolean;
  /**
   * Which proxies in front of the server are trusted to say who the client is (X-Forwarded-For): false (none, the
   * default), true (any), a number of hops, or addresses and CIDR ranges. Fastify's trustProxy takes each form.
   */
  trustProxy: TrustProxy;
  /** smtp://… (STARTTLS when the server offers it; ?requireTLS=true insists) or smtps://… (TLS from the start); null: mail goes to the in-app mailbox only. */
  smtpUrl: string | null;
  /** The From of every message (MAIL_FROM). */
  mailFrom: string;
  /** Where users reach the app (PUBLIC_URL, no trailing slash): the links in messages start with it. */
  publicUrl: string;
  /**
   * The company's time zone until an administrator chooses one in the app (COMPANY_TIMEZONE, an IANA name such as
   * America/Chicago): it decides what day it is for every business date (schema/businessDay.ts, server/modules/company).
   */
  companyTimeZone: string;
  /** S3_URL: an S3-compatible object store for files (server/files/objectStore.ts); null keeps them in the database. */
  s3: S3Location | null;
  /** S3_REGION (us-east-1): the region the store signs requests for. */
  s3Region: string;
  /** The SMTP listener that turns mailed dispatch sheets into drafts (server/modules/orderDrafts/mailIn.ts); null: off. */
  mailIn: MailInConfig | null;
  /**
   * WEBHOOK_ALLOW_HTTP: whether a webhook may be subscribed with a plain http:// address (server/modules/webhooks/
   * destination.ts). Off when NODE_ENV is production unless set: deliveries carry the company's data.
   */
  webhookAllowHttp: boolean;
}

/** MAIL_IN_*: where the server receives mail for the company's address (docs/deployment.md#mail-in). */
export interface MailInConfig {
  /** MAIL_IN_PORT; 0 takes any free port (tests). */
  port: number;
  /** MAIL_IN_HOST, 127.0.0.1 by default: only a relay or a port forward on this machine reaches it. */
  host: string;
  /** MAIL_IN_ADDRESS: the one recipient accepted (lower case); any other gets 550 at RCPT TO. */
  address: string;
  /** MAIL_IN_MAX_MB in bytes: announced with SIZE, a larger message is refused (552). */
  maxBytes: number;
  /** MAIL_IN_TLS_KEY and MAIL_IN_TLS_CERT (PEM files): STARTTLS is offered only with both. */
  tls: { keyFile: string; certFile: string } | null;
  /** MAIL_IN_ALLOWED_SENDERS: the domains (and their subdomains) a message's From may be at; empty: any. */
  allowedSenders: string[];
}

export type TrustProxy = boolean | number | string[];

/** "8h", "30m", "2d", "45s" or plain seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!match) throw new Error(`Cannot read the duration "${text}": use a number of seconds or e.g. 8h, 30m, 2d`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  const seconds = Number(match[1]) * unit;
  if (seconds <= 0) throw new Error('A duration must be longer than zero');
  return seconds;
}

/** A yes/no setting; anything else is refused rather than read as "no" (a typo must not switch a feature off). */
function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  const text = value?.trim().toLowerCase();
  if (!text) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  throw new Error(`${name} must be true or false (or 1/0, yes/no, on/off), not "${value}"`);
}

function wholeNumber(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > max)
    throw new Error(`${name} must be a whole number from 0 to ${max}, not "${value}"`);
  return number;
}

/** proxy-addr's names for ranges, which Fastify's trustProxy list accepts beside addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(text: string): boolean {
  if (PROXY_RANGE_NAMES.includes(text)) return true;
  const [address, prefix, ...rest] = text.split('/');
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or false, true, a whole number of proxy hops (0 = none), or a comma list of addresses and CIDR
 * ranges. Anything else stops the start: a typo must not trust every client's X-Forwarded-For, nor silently none.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  const lower = text.toLowerCase();
  if (!text || ['false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (/^\d{1,3}$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => entry && isAddressOrRange(entry))) return entries;
  throw new Error(
    `TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of addresses and CIDR ranges (e.g. 10.0.0.5,192.168.0.0/16), not "${value}"`,
  );
}

/** SMTP_URL: unset, or an smtp:// or smtps:// URL with a host; anything else stops the start (mail must not vanish quietly). */
export function parseSmtpUrl(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    throw new Error(
      'SMTP_URL must be smtp://[user:password@]host[:port] (STARTTLS) or smtps://… (TLS from the start), e.g. smtps://mailer:secret@mail.example.com:465',
    );
  }
  return text;
}

/** MAIL_FROM: an address, or a name and an address ("Haulboard <no-reply@example.com>"). */
export function parseMailFrom(value: string | undefined): string {
  const text = value?.trim() || 'Haulboard <no-reply@localhost>';
  if (!/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(text))
    throw new Error(`MAIL_FROM must be an e-mail address or "Name <address>", not "${value}"`);
  return text;
}

/** PUBLIC_URL: the app's address as users reach it (http or https), by default this server's own port on localhost. */
export function parsePublicUrl(value: string | undefined, port: number): string {
  const text = value?.trim() || `http://localhost:${port}`;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash)
    throw new Error(
      `PUBLIC_URL must be an http:// or https:// address such as https://haulboard.example.com, not "${value}"`,
    );
  return text.replace(/\/+$/, '');
}

/** COMPANY_TIMEZONE: an IANA time zone (its canonical name), America/Chicago when unset; anything else stops the start. */
export function parseTimeZone(value: string | undefined): string {
  const text = value?.trim();
  if (!text) return DEFAULT_TIME_ZONE;
  const zone = canonicalTimeZone(text);
  if (!zone)
    throw new Error(
      `COMPANY_TIMEZONE must be an IANA time zone such as America/Chicago, America/New_York or UTC, not "${value}"`,
    );
  return zone;
}

const EMAIL_ADDRESS = /^[^\s@<>,;]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * MAIL_IN_PORT and MAIL_IN_ADDRESS switch the mail-in listener on, together (one without the other stops the start, as
 * does any value that cannot be read: mailed sheets must not vanish because of a typo); neither: off.
 */
export function parseMailIn(env: NodeJS.ProcessEnv): MailInConfig | null {
  const portText = env.MAIL_IN_PORT?.trim() ?? '';
  const address = env.MAIL_IN_ADDRESS?.trim().toLowerCase() ?? '';
  if (!portText && !address) return null;
  if (!portText || !address)
    throw new Error('MAIL_IN_PORT and MAIL_IN_ADDRESS go together: set both to receive sheets by e-mail, or neither');
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535)
    throw new Error(`MAIL_IN_PORT must be a port number (0 for any free one), not "${env.MAIL_IN_PORT}"`);
  if (!EMAIL_ADDRESS.test(address))
    throw new Error(
      `MAIL_IN_ADDRESS must be one e-mail address such as loads@example.com, not "${env.MAIL_IN_ADDRESS}"`,
    );
  const host = env.MAIL_IN_HOST?.trim() || '127.0.0.1';
  if (!net.isIP(host) && host !== 'localhost')
    throw new Error(`MAIL_IN_HOST must be an IP address to listen on (e.g. 0.0.0.0 or 127.0.0.1), not "${host}"`);
  const keyFile = env.MAIL_IN_TLS_KEY?.trim() || null;
  const certFile = env.MAIL_IN_TLS_CERT?.trim() || null;
  if (!keyFile !== !certFile)
    throw new Error(
      'MAIL_IN_TLS_KEY and MAIL_IN_TLS_CERT go together: the PEM files of the private key and of its certificate',
    );
  const allowedSenders = (env.MAIL_IN_ALLOWED_SENDERS ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
  const wrong = allowedSenders.find((domain) => !DOMAIN.test(domain));
  if (wrong)
    throw new Error(
      `MAIL_IN_ALLOWED_SENDERS must be a comma-separated list of domains such as broker.example,loads.example, not "${wrong}"`,
    );
  const maxMb = wholeNumber('MAIL_IN_MAX_MB', env.MAIL_IN_MAX_MB, 25, 100);
  if (maxMb < 1) throw new Error('MAIL_IN_MAX_MB must be at least 1 (megabytes of one message)');
  return {
    port: Number(portText),
    host,
    address,
    maxBytes: maxMb * 1024 * 1024,
    tls: keyFile && certFile ? { keyFile: path.resolve(keyFile), certFile: path.resolve(certFile) } : null,
    allowedSenders,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database)');
  }
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    jwtSecret: env.JWT_SECRET || null,
    jwtExpiresIn: parseDuration(env.JWT_EXPIRES_IN ?? '8h'),
    demoData: flag('DEMO_DATA', env.DEMO_DATA, !databaseUrl),
    demoLedgers: flag('DEMO_LEDGERS', env.DEMO_LEDGERS, true),
    recaptchaSecret: env.RECAPTCHA_SECRET || null,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify',
    logLevel: env.LOG_LEVEL ?? 'info',
    sqliteMmapMb: wholeNumber('SQLITE_MMAP_MB', env.SQLITE_MMAP_MB, 2047, 2047),
    sqliteKeepResident: flag('SQLITE_KEEP_RESIDENT', env.SQLITE_KEEP_RESIDENT, true),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: parseMailFrom(env.MAIL_FROM),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    companyTimeZone: parseTimeZone(env.COMPANY_TIMEZONE),
    s3: parseS3Url(env.S3_URL),
    s3Region: env.S3_REGION?.trim() || 'us-east-1',
    mailIn: parseMailIn(env),
    webhookAllowHttp: flag('WEBHOOK_ALLOW_HTTP', env.WEBHOOK_ALLOW_HTTP, env.NODE_ENV !== 'production'),
  };
}
