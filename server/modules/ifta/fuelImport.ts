import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { usDate } from '../../../schema/format';
import { type FuelImportDto, type FuelPreviewDto, quarterLabel, quarterOf } from '../../../schema/ifta';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { audit } from '../audit/audit';
import { cardHash, cardHashKey } from '../fuelCards/cardNumber';
import { type FuelLine, readFuelCsv } from './fuelCsv';
import { claimQuarter } from './quarters';
import { userName } from './report';

/**
 * The fuel-card import (docs/product/ifta.md#fuel-csv): the preview says what a file would add (nothing written);
 * the import adds it in one transaction. A line already imported (an overlapping export, the same file twice) is
 * counted, not added; a line dated in a closed quarter is refused (that return stands as filed); a line that cannot
 * be read is refused with its line number; the others are added. Each quarter that gains purchases moves its version.
 */

interface Plan {
  preview: FuelPreviewDto;
  ready: FuelLine[];
}

async function plan(db: Db, text: string): Promise<Plan> {
  const file = readFuelCsv(text);
  const known = new Set<string>();
  const prints = file.fuel.map((l) => l.fingerprint);
  for (let i = 0; i < prints.length; i += 500) {
    const rows = await db
      .selectFrom('fuel_purchases')
      .select('fingerprint')
      .where('fingerprint', 'in', prints.slice(i, i + 500))
      .execute();
    for (const row of rows) known.add(row.fingerprint);
  }
  const quarters = [...new Set(file.fuel.map((l) => quarterOf(l.purchasedOn)))];
  const closed = new Set(
    quarters.length
      ? (
          await db
            .selectFrom('ifta_quarters')
            .select('quarter')
            .where('quarter', 'in', quarters)
            .where('status', '=', 'CLOSED')
            .execute()
        ).map((r) => r.quarter)
      : [],
  );
  const refused = [...file.refused];
  const ready: FuelLine[] = [];
  let duplicates = 0;
  for (const line of file.fuel) {
    const quarter = quarterOf(line.purchasedOn);
    if (known.has(line.fingerprint)) duplicates++;
    else if (closed.has(quarter))
      refused.push({
        line: line.line,
        message: `Tran Date ${usDate(line.purchasedOn)} is in ${quarterLabel(quarter)}, which is closed: its return stands as filed`,
      });
    else ready.push(line);
  }
  const byQuarter = new Map<string, { gallonsE3: number; lines: number }>();
  for (const line of ready) {
    const sum = byQuarter.get(quarterOf(line.purchasedOn)) ?? { gallonsE3: 0, lines: 0 };
    byQuarter.set(quarterOf(line.purchasedOn), { gallonsE3: sum.gallonsE3 + line.gallonsE3, lines: sum.lines + 1 });
  }
  return {
    ready,
    preview: {
      lines: file.lines,
      ready: ready.length,
      duplicates,
      notFuel: file.notFuel,
      refused: refused.sort((a, b) => a.line - b.line),
      quarters: [...byQuarter].sort().map(([quarter, sum]) => ({ quarter, ...sum })),
    },
  };
}

export const previewFuel = async (db: Db, text: string) => (await plan(db, text)).preview;

/** The company's card on file for a line: by the whole number's keyed hash, else by its last 4 when only one has them. */
async function cardsOf(trx: Db, lines: FuelLine[]): Promise<(line: FuelLine) => number | null> {
  const cards = await trx
    .selectFrom('fuel_cards')
    .select(['id', 'card_last4', 'card_hash'])
    .where('deleted_at', 'is', null)
    .execute();
  if (!cards.length || !lines.length) return () => null;
  const key = await cardHashKey(trx);
  const byHash = new Map(cards.map((c) => [c.card_hash, c.id]));
  const byLast4 = new Map<string, number | null>();
  for (const c of cards) byLast4.set(c.card_last4, byLast4.has(c.card_last4) ? null : c.id);
  return (line) =>
    (line.cardDigits ? byHash.get(cardHash(key, line.cardDigits)) : undefined) ??
    (line.cardLast4 ? (byLast4.get(line.cardLast4) ?? null) : null);
}

export async function importFuel(
  db: Db,
  request: FastifyRequest,
  text: string,
  fileName: string,
): Promise<FuelImportDto> {
  const userId = request.auth?.user.id ?? null;
  return transact(db, async (trx) => {
    const { preview, ready } = await plan(trx, text);
    const createdAt = new Date().toISOString();
    const made = await trx
      .insertInto('fuel_imports')
      .values({
        file_name: fileName,
        sha256: createHash('sha256').update(text).digest('hex'),
        layout: 'FUEL_CARD_TRANSACTIONS',
        row_count: preview.lines,
        added_count: ready.length,
        duplicate_count: preview.duplicates,
        refused_count: preview.refused.length,
        created_by: userId,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cardOf = await cardsOf(trx, ready);
    for (let i = 0; i < ready.length; i += 200)
      await trx
        .insertInto('fuel_purchases')
        .values(
          ready.slice(i, i + 200).map((l) => ({
            import_id: made.id,
            fingerprint: l.fingerprint,
            line: l.line,
            purchased_on: l.purchasedOn,
            card_last4: l.cardLast4,
            fuel_card_id: cardOf(l),
            unit: l.unit,
            driver_name: l.driverName,
            invoice: l.invoice,
            location: l.location,
            city: l.city,
            state: l.state,
            item: l.item,
            product: l.product,
            gallons_e3: l.gallonsE3,
            amount_cents: l.amountCents,
            created_at: createdAt,
          })),
        )
        .execute();
    for (const { quarter } of preview.quarters) await claimQuarter(trx, quarter, 'any');
    const result: FuelImportDto = {
      ...preview,
      id: made.id,
      fileName,
      added: ready.length,
      createdAt,
      createdBy: await userName(trx, userId),
    };
    await audit(trx, request, {
      action: 'import',
      entity: 'fuel_import',
      entityId: made.id,
      after: { fileName, added: ready.length, duplicates: preview.duplicates, refused: preview.refused.length },
    });
    return result;
  });
}
