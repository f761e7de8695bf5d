import { expect } from 'vitest';
import type { TestServer } from './server';

/** A checking export's header, as the bank writes it (docs/product/bank.md). */
export const CHECKING_HEADER = 'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #';
const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

export interface ImportedRow {
  id: number;
  version: number;
  amount: number;
  left: number;
  state: string;
  description: string;
  postedOn: string;
}

/**
 * Imports bank rows as a checking export through the API (each import's file named by `tag`, which also ends every
 * description so the rows are new) and answers them as the bank list shows them.
 */
export async function importBankRows(
  server: TestServer,
  token: string,
  tag: string,
  rows: { day: string; description: string; cents: number }[],
): Promise<ImportedRow[]> {
  const file = [
    CHECKING_HEADER,
    ...rows.map(
      (r) =>
        `${r.cents >= 0 ? 'CREDIT' : 'DEBIT'},${usDay(r.day)},"${r.description} ${tag}",${(r.cents / 100).toFixed(2)},${r.cents >= 0 ? 'ACH_CREDIT' : 'ACH_DEBIT'},,,`,
    ),
  ].join('\n');
  const imported = await server.call({
    method: 'POST',
    url: `/api/TransactionsMatching/import?fileName=${tag}.csv`,
    token,
    headers: { 'content-type': 'text/csv' },
    payload: file,
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const listed = await server.call({
    method: 'GET',
    url: `/api/TransactionsMatching/transactions?importId=${imported.body.value.id}&size=200`,
    token,
  });
  return listed.body.value.items as ImportedRow[];
}
