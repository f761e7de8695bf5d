// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type InvoiceDto, invoiceListQuery, invoiceVersionBody, invoiceVoidBody } from '../../../schema/invoices';
import { account, caller } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { invalid, listPage, ok, problem, unauthorized } from '../msw/respond';
import { api, callsTo, useApi } from '../msw/server';

/**
 * The invoice screens (resources/invoices): the list (US money and dates, an empty state that says what to do, the
 * filters sent as the API reads them) and one invoice's page (lines and totals, Send with its version, Void with a
 * reason, the credit note shown after; a stale version's 409 said).
 */
useApi();

const invoice = (over: Partial<InvoiceDto> = {}): InvoiceDto => ({
  id: 7,
  number: 1042,
  numberText: 'INV-1042',
  payerKind: 'BROKER',
  payerId: 3,
  payerName: 'Midwest Freight Solutions',
  status: 'DRAFT',
  issuedOn: '2026-12-09',
  termsDays: 30,
  terms: 'Net 30',
  dueOn: '2027-01-08',
  subtotalCents: 123_456,
  totalCents: 123_456,
  paidCents: 0,
  creditedCents: 0,
  balanceCents: 123_456,
  paidOn: null,
  shortPaid: false,
  shortReason: null,
  payments: [],
  notes: null,
  orders: [{ id: 52, orderNumber: 'HB0000052' }],
  lines: [
    {
      position: 0,
      kind: 'LINEHAUL',
      orderId: 52,
      orderNumber: 'HB0000052',
      productId: 1,
      description: 'Linehaul, order HB0000052: 2019 Chevrolet Malibu',
      quantity: 1,
      unitCents: 118_000,
      amountCents: 118_000,
    },
    {
      position: 1,
      kind: 'PRODUCT',
      orderId: null,
      orderNumber: null,
      productId: 4,
      description: 'Fuel surcharge (4.5% of linehaul)',
      quantity: 1,
      unitCents: 5_456,
      amountCents: 5_456,
    },
  ],
  sentAt: null,
  sentTo: [],
  hasSentPdf: false,
  voidedAt: null,
  creditNote: null,
  factoring: null,
  factored: false,
  createdAt: '2026-12-09T15:00:00.000Z',
  version: 1,
  ...over,
});

/** The invoices API as the server answers it, over one stored invoice. */
function invoiceHandlers(rows: InvoiceDto[]) {
  return [
    http.get('*/api/Brokers/dropdown-list', ({ request }) =>
      caller(request)
        ? ok([{ id: 3, name: 'Midwest Freight Solutions', status: 'ACTIVE', mcNumber: null, deleted: false }])
        : unauthorized(),
    ),
    http.get('*/api/Invoices', ({ request }) => {
      if (!caller(request)) return unauthorized();
      const query = invoiceListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return invalid(query.error, 'querystring');
      const shown = rows.filter((row) => !query.data.status || row.status === query.data.status);
      return listPage(shown, query.data);
    }),
    http.get('*/api/Invoices/:id', ({ request, params }) => {
      if (!caller(request)) return unauthorized();
      const row = rows.find((r) => r.id === Number(params.id));
      return row ? ok(row) : problem(404, 'Invoice not found');
    }),
    http.post('*/api/Invoices/:id/send', async ({ request }) => {
      const body = invoiceVersionBody.safeParse(await request.json());
      if (!body.success) return invalid(body.error, 'body');
      if (body.data.version !== rows[0].version)
        return problem(
          409,
          'Someone else changed invoice INV-1042 since you opened it. Reload it to see their changes.',
        );
      rows[0] = {
        ...rows[0],
        status: 'SENT',
        version: rows[0].version + 1,
        sentAt: '2026-12-09T16:00:00.000Z',
        sentTo: ['ap@midwest.example'],
        hasSentPdf: true,
      };
      return ok(rows[0]);
    }),
    http.post('*/api/Invoices/:id/void', async ({ request }) => {
      const body = invoiceVoidBody.safeParse(await request.json());
      if (!body.success) return invalid(body.error, 'body');
      rows[0] = {
        ...rows[0],
        status: 'VOID',
        version: rows[0].version + 1,
        creditedCents: rows[0].totalCents,
        balanceCents: 0,
        creditNote: {
          number: 3,
          numberText: 'CN-3',
          amountCents: rows[0].totalCents,
          reason: body.data.reason,
          createdAt: '2026-12-09T17:00:00.000Z',
        },
      };
      return ok(rows[0]);
    }),
  ];
}

describe('invoices', () => {
  it('the list shows money and dates as US staff write them', async () => {
    await signInAs(account(['Finance']));
    const rows = [invoice()];
    api.use(...invoiceHandlers(rows));
    renderApp('/app/management/invoices');
    const row = (await screen.findByText('INV-1042')).closest('tr')!;
    expect(within(row).getByText('Midwest Freight Solutions')).toBeTruthy();
    expect(within(row).getAllByText('$1,234.56')).toHaveLength(2);
    expect(within(row).getByText('12/09/2026')).toBeTruthy();
    expect(within(row).getByText('01/08/2027')).toBeTruthy();
    expect(within(row).getByText('Draft')).toBeTruthy();
  });

  it('with no invoice at all, the list says how to make one', async () => {
    await signInAs(account(['Finance']));
    api.use(...invoiceHandlers([]));
    renderApp('/app/management/invoices');
    expect(
      await screen.findByText(
        /No invoices yet\. Bill a delivered load with Create here, or with Invoice on a delivered book order/,
      ),
    ).toBeTruthy();
  });

  it('sends with the version read, then voids with a reason; the credit note shows', async () => {
    await signInAs(account(['Finance']));
    const rows = [invoice()];
    api.use(...invoiceHandlers(rows));
    const { user } = renderApp('/app/management/invoices/7');
    expect(await screen.findByText('Fuel surcharge (4.5% of linehaul)')).toBeTruthy();
    expect(screen.getByText('Balance due')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/billing addresses/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo('/api/Invoices/7/send', 'POST')).toHaveLength(1));
    expect(callsTo('/api/Invoices/7/send', 'POST')[0].body).toEqual({ version: 1 });
    expect(await screen.findByText(/Sent to ap@midwest\.example/)).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const voiding = await screen.findByRole('dialog');
    await user.type(within(voiding).getByRole('textbox', { name: /Reason/ }), 'Billed the wrong broker');
    await user.click(within(voiding).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(callsTo('/api/Invoices/7/void', 'POST')).toHaveLength(1));
    expect(callsTo('/api/Invoices/7/void', 'POST')[0].body).toEqual({ version: 2, reason: 'Billed the wrong broker' });
    expect(await screen.findByText(/Voided by credit note CN-3 \(\$1,234\.56\).*Billed the wrong broker/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('a dispatcher reads an invoice without Send or Void', async () => {
    await signInAs(account(['Dispatcher']));
    api.use(...invoiceHandlers([invoice()]));
    renderApp('/app/management/invoices/7');
    expect(await screen.findByText('Fuel surcharge (4.5% of linehaul)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });
});
