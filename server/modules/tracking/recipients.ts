import crypto from 'node:crypto';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';

/**
 * Who gets an order's customer notices (docs/product/tracking.md#notices): the e-mail addresses on its shipper, its
 * broker and the broker's contacts, each kept once per customer in tracking_recipients with its opt-out. The opt-out
 * link carries the row's id and an HMAC of it under the server's secret: nobody can stop another's mail by guessing.
 */

export interface Recipient {
  /** The tracking_recipients row: the address for one customer. */
  id: number;
  email: string;
  name: string;
  optedOut: boolean;
}

type Secret = Pick<ServerContext, 'jwtSecret'>;

const signature = (ctx: Secret, id: number) =>
  crypto
    .createHmac('sha256', ctx.jwtSecret)
    .update(`tracking-unsubscribe:${id}`, 'utf8')
    .digest('base64url')
    .slice(0, 32);

/** The opt-out token of a recipient row: "12.<32 characters>". */
export const unsubscribeToken = (ctx: Secret, id: number) => `${id}.${signature(ctx, id)}`;

/** The recipient row a token names, when its signature holds; otherwise null. */
export function recipientOfToken(ctx: Secret, token: string): number | null {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(ctx, id));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? id : null;
}

/**
 * The order's addresses, each once per customer, in the order shipper, broker, broker's contacts (an address shared by
 * two customers is listed for each). `record`: make the rows of new ones, in the caller's transaction; without it
 * (a read) a new one has id 0.
 */
export async function recipientsOf(trx: Db, orderId: number, { record = true } = {}): Promise<Recipient[]> {
  const order = await trx
    .selectFrom('book_orders as o')
    .leftJoin('shippers as s', 's.id', 'o.shipper_id')
    .leftJoin('brokers as b', 'b.id', 'o.broker_id')
    .select([
      'o.shipper_id',
      'o.broker_id',
      's.name as shipperName',
      's.contact_name as shipperContact',
      's.email as shipperEmail',
      'b.name as brokerName',
      'b.email as brokerEmail',
    ])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return [];
  const contacts = await trx
    .selectFrom('broker_contacts')
    .select(['name', 'email'])
    .where('broker_id', '=', order.broker_id)
    .orderBy('position')
    .execute();
  const wanted: { email: string; name: string; kind: 'shipper' | 'broker'; customerId: number }[] = [];
  const add = (
    email: string | null | undefined,
    name: string | null | undefined,
    kind: 'shipper' | 'broker',
    id: number,
  ) => {
    const address = email?.trim().toLowerCase();
    if (!address || wanted.some((one) => one.email === address && one.kind === kind)) return;
    wanted.push({ email: address, name: name?.trim() || 'there', kind, customerId: id });
  };
  add(order.shipperEmail, order.shipperContact || order.shipperName, 'shipper', order.shipper_id);
  add(order.brokerEmail, order.brokerName, 'broker', order.broker_id);
  for (const contact of contacts) add(contact.email, contact.name, 'broker', order.broker_id);

  const recipients: Recipient[] = [];
  for (const one of wanted) {
    if (record)
      await trx
        .insertInto('tracking_recipients')
        .values({
          email: one.email,
          customer_kind: one.kind,
          customer_id: one.customerId,
          created_at: new Date().toISOString(),
          opted_out_at: null,
        })
        .onConflict((oc) => oc.columns(['email', 'customer_kind', 'customer_id']).doNothing())
        .execute();
    const row = await trx
      .selectFrom('tracking_recipients')
      .select(['id', 'opted_out_at'])
      .where('email', '=', one.email)
      .where('customer_kind', '=', one.kind)
      .where('customer_id', '=', one.customerId)
      .executeTakeFirst();
    recipients.push({ id: Number(row?.id ?? 0), email: one.email, name: one.name, optedOut: !!row?.opted_out_at });
  }
  return recipients;
}

/** One message per address, under the first of its customers' rows that has not opted out (none when all have). */
export function addressesToMail(recipients: Recipient[]): Recipient[] {
  const byAddress = new Map<string, Recipient>();
  for (const one of recipients) if (!one.optedOut && !byAddress.has(one.email)) byAddress.set(one.email, one);
  return [...byAddress.values()];
}
