import { sql } from 'kysely';
import {
  type MailDto,
  type MailLabelDto,
  type MailListQuery,
  type MailSummaryDto,
  type SystemLabel,
  SYSTEM_LABELS,
  SYSTEM_LABEL_NAMES,
  type MailLabelsDto,
} from '../../../schema/mail';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import { containsPattern } from '../users/queries';

/** One user's mailbox: every query here is of the owner's messages and labels alone (another's id is not found). */

const SUMMARY_COLUMNS = [
  'm.id',
  'm.from_address',
  'm.to_address',
  'm.subject',
  'm.text_body',
  'm.kind',
  'm.created_at',
  'm.read_at',
  'm.starred',
  'm.trashed_at',
] as const;
const PREVIEW_LENGTH = 140;

type MessageRow = {
  id: number;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  created_at: string;
  read_at: string | null;
  starred: number;
  trashed_at: string | null;
};
const ownMessages = (db: Db, userId: number) => db.selectFrom('mail_messages as m').where('m.user_id', '=', userId);
type MessageQuery = ReturnType<typeof ownMessages>;

const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
};

function toSummary(row: MessageRow, labelIds: number[]): MailSummaryDto {
  return {
    id: Number(row.id),
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    preview: preview(row.text_body),
    kind: row.kind,
    createdAt: row.created_at,
    readAt: row.read_at,
    starred: row.starred === 1,
    trashed: row.trashed_at !== null,
    labelIds,
  };
}

/** What each system label holds; a custom label holds its messages that are not in the trash. */
const SYSTEM_FILTERS: Record<SystemLabel, (query: MessageQuery) => MessageQuery> = {
  all: (query) => query.where('m.trashed_at', 'is', null),
  unread: (query) => query.where('m.trashed_at', 'is', null).where('m.read_at', 'is', null),
  starred: (query) => query.where('m.trashed_at', 'is', null).where('m.starred', '=', 1),
  trash: (query) => query.where('m.trashed_at', 'is not', null),
};

export async function ownLabel(db: Db, userId: number, labelId: number) {
  const label = await db
    .selectFrom('mail_labels')
    .select(['id', 'name', 'color'])
    .where('id', '=', labelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!label) throw notFound('Label');
  return label;
}

async function labelIdsOf(db: Db, messageIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (!messageIds.length) return map;
  const rows = await db
    .selectFrom('mail_message_labels')
    .select(['message_id', 'label_id'])
    .where('message_id', 'in', messageIds)
    .orderBy('label_id')
    .execute();
  for (const row of rows)
    map.set(Number(row.message_id), [...(map.get(Number(row.message_id)) ?? []), Number(row.label_id)]);
  return map;
}

/** A page of the label's messages, newest first, with the search in subject, addresses and text. */
export async function listMessages(
  db: Db,
  userId: number,
  query: MailListQuery,
): Promise<{ items: MailSummaryDto[]; total: number }> {
  let base = ownMessages(db, userId);
  if ((SYSTEM_LABELS as readonly string[]).includes(query.label))
    base = SYSTEM_FILTERS[query.label as SystemLabel](base);
  else {
    const label = await ownLabel(db, userId, Number(query.label));
    base = base
      .where('m.trashed_at', 'is', null)
      .where('m.id', 'in', db.selectFrom('mail_message_labels').select('message_id').where('label_id', '=', label.id));
  }
  if (query.search) {
    const pattern = sql`${containsPattern(query.search)} escape '\\'`;
    base = base.where((eb) =>
      eb.or(
        ['m.subject', 'm.from_address', 'm.to_address', 'm.text_body'].map((column) =>
          eb(sql`lower(${sql.ref(column)})`, 'like', pattern),
        ),
      ),
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(SUMMARY_COLUMNS)
      .orderBy('m.id', 'desc')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute(),
  ]);
  const labels = await labelIdsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return { items: rows.map((row) => toSummary(row, labels.get(Number(row.id)) ?? [])), total: Number(total) };
}

/** One of the owner's messages with its bodies; 404 for anyone else's. */
export async function findMessage(db: Db, userId: number, id: number): Promise<MailDto> {
  const row = await ownMessages(db, userId)
    .select([...SUMMARY_COLUMNS, 'm.html_body'])
    .where('m.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Message');
  const labels = await labelIdsOf(db, [id]);
  return { ...toSummary(row, labels.get(id) ?? []), text: row.text_body, html: row.html_body };
}

/** The system labels with their counts, and the owner's labels (by name) with the messages each holds outside the trash. */
export async function mailboxLabels(db: Db, userId: number): Promise<MailLabelsDto> {
  const live = sql`m.trashed_at is null`;
  const counts = await ownMessages(db, userId)
    .select([
      sql<number>`coalesce(sum(case when ${live} then 1 else 0 end), 0)`.as('all'),
      sql<number>`coalesce(sum(case when ${live} and m.read_at is null then 1 else 0 end), 0)`.as('unread'),
      sql<number>`coalesce(sum(case when ${live} and m.starred = 1 then 1 else 0 end), 0)`.as('starred'),
      sql<number>`coalesce(sum(case when m.trashed_at is not null then 1 else 0 end), 0)`.as('trash'),
    ])
    .executeTakeFirstOrThrow();
  const labels = await db
    .selectFrom('mail_labels as l')
    .leftJoin('mail_message_labels as ml', 'ml.label_id', 'l.id')
    .leftJoin('mail_messages as m', (join) => join.onRef('m.id', '=', 'ml.message_id').on('m.trashed_at', 'is', null))
    .select(['l.id', 'l.name', 'l.color', (eb) => eb.fn.count<number>('m.id').as('count')])
    .where('l.user_id', '=', userId)
    .groupBy(['l.id', 'l.name', 'l.color'])
    .orderBy(sql`lower(l.name)`)
    .orderBy('l.id')
    .execute();
  return {
    system: SYSTEM_LABELS.map((id) => ({ id, name: SYSTEM_LABEL_NAMES[id], count: Number(counts[id]) })),
    custom: labels.map((l): MailLabelDto => ({
      id: Number(l.id),
      name: l.name,
      color: l.color,
      count: Number(l.count),
    })),
  };
}

export async function labelDto(db: Db, userId: number, labelId: number): Promise<MailLabelDto> {
  return (await mailboxLabels(db, userId)).custom.find((l) => l.id === labelId)!;
}
