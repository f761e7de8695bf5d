// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  type AccountingExportDto,
  accountingExportBody,
  accountingExportListQuery,
} from '../../../schema/accountingExport';
import { account, caller } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { invalid, listPage, ok, unauthorized } from '../msw/respond';
import { api, callsTo, useApi } from '../msw/server';

/**
 * The accounting export screen (resources/accountingExport): the history with US dates and what each export carried
 * (transactions first), an export made with the body the API reads and its answer said, the same export given again
 * said as such, a period that ends before it starts held back.
 */
useApi();

const counts = (over: Partial<AccountingExportDto['counts']> = {}) => ({
  ACCOUNT: 0,
  CUSTOMER: 0,
  ITEM: 0,
  INVOICE: 0,
  CREDIT_NOTE: 0,
  PAYMENT: 0,
  PAYMENT_REVERSAL: 0,
  ...over,
});
const earlier: AccountingExportDto = {
  id: 4,
  format: 'IIF',
  from: '2026-10-01',
  to: '2026-10-31',
  counts: counts({ INVOICE: 12, PAYMENT: 1, CUSTOMER: 3, ACCOUNT: 5 }),
  files: [{ kind: 'iif', fileName: 'quickbooks.iif', rows: 80, sizeBytes: 9000 }],
  createdAt: '2026-11-02T15:00:00.000Z',
  createdBy: 'Fiona Finance',
};

function handlers(rows: AccountingExportDto[]) {
  return [
    http.get('*/api/AccountingExports', ({ request }) => {
      if (!caller(request)) return unauthorized();
      const query = accountingExportListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return invalid(query.error, 'querystring');
      return listPage(rows, query.data);
    }),
    http.post('*/api/AccountingExports', async ({ request }) => {
      const body = accountingExportBody.safeParse(await request.json());
      if (!body.success) return invalid(body.error, 'body');
      if (body.data.format === 'IIF') return ok({ export: rows[rows.length - 1], reused: true });
      const made: AccountingExportDto = {
        ...earlier,
        id: 5,
        ...body.data,
        counts: counts({ INVOICE: 2, CREDIT_NOTE: 1 }),
        files: ['customers', 'products', 'invoices', 'journal'].map((kind) => ({
          kind: kind as 'customers',
          fileName: `${kind}.csv`,
          rows: 1,
          sizeBytes: 10,
        })),
      };
      rows.unshift(made);
      return ok({ export: made, reused: false }, { status: 201 });
    }),
  ];
}

describe('accounting export', () => {
  it('lists the exports with US dates and what each carried, transactions first', async () => {
    await signInAs(account(['Finance']));
    api.use(...handlers([earlier]));
    renderApp('/app/finances/accounting-export');
    const row = (await screen.findByText('10/01/2026 – 10/31/2026')).closest('tr')!;
    expect(within(row).getByText('12 invoices, 1 payment, 3 customers, 5 accounts')).toBeTruthy();
    expect(within(row).getByText('QuickBooks Desktop (IIF)')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Download quickbooks.iif of export #4' })).toBeTruthy();
  });

  it('exports with the format and period chosen, says what it carried, and says when it is the same export again', async () => {
    await signInAs(account(['Finance']));
    api.use(...handlers([earlier]));
    const { user } = renderApp('/app/finances/accounting-export');
    await user.click(await screen.findByRole('radio', { name: 'QuickBooks Online (CSV)' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-09-01');
    await user.clear(to);
    await user.type(to, '2026-09-30');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(callsTo('/api/AccountingExports', 'POST')).toHaveLength(1));
    expect(callsTo('/api/AccountingExports', 'POST')[0].body).toEqual({
      format: 'QBO_CSV',
      from: '2026-09-01',
      to: '2026-09-30',
    });
    expect(await screen.findByText(/Export #5 made: 2 invoices, 1 credit note\./)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'QuickBooks Desktop (IIF)' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(/Nothing new since export #4 of this period: here it is again\./)).toBeTruthy();
  });

  it('the period must end after it starts: Export waits', async () => {
    await signInAs(account(['Finance']));
    api.use(...handlers([earlier]));
    const { user } = renderApp('/app/finances/accounting-export');
    const to = await screen.findByLabelText('To');
    await user.clear(to);
    await user.type(to, '1999-01-01');
    expect(await screen.findByText('The period ends before it starts')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
