// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type ScheduleDto, fundingBody } from '../../../schema/factoring';
import { account, caller } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { invalid, ok, problem, unauthorized } from '../msw/respond';
import { api, callsTo, useApi } from '../msw/server';

/**
 * The schedule page (resources/factoringSchedules): its invoices and total in US money and dates, the funding form
 * starting with the factor's terms and sent with the version read, the reserve the factor holds after it.
 */
useApi();

const schedule = (over: Partial<ScheduleDto> = {}): ScheduleDto => ({
  id: 4,
  number: 12,
  numberText: 'SCH-12',
  factoringCompanyId: 2,
  factoringCompanyName: 'Lone Star Freight Capital',
  scheduleOn: '2026-12-09',
  status: 'OPEN',
  totalCents: 123_456,
  invoiceCount: 1,
  advanceCents: 0,
  feeCents: 0,
  reserveCents: 0,
  releasedCents: 0,
  owedCents: 0,
  suggested: { advanceCents: 111_110, feeCents: 3_704, reserveCents: 8_642 },
  invoices: [
    {
      invoiceId: 7,
      number: 1042,
      numberText: 'INV-1042',
      debtor: 'Midwest Freight Solutions',
      issuedOn: '2026-12-01',
      amountCents: 123_456,
    },
  ],
  entries: [],
  createdAt: '2026-12-09T15:00:00.000Z',
  version: 3,
  ...over,
});

function scheduleHandlers(rows: ScheduleDto[]) {
  return [
    http.get('*/api/FactoringSchedules/:id', ({ request, params }) => {
      if (!caller(request)) return unauthorized();
      const row = rows.find((r) => r.id === Number(params.id));
      return row ? ok(row) : problem(404, 'Schedule not found');
    }),
    http.post('*/api/FactoringSchedules/:id/funding', async ({ request }) => {
      const body = fundingBody.safeParse(await request.json());
      if (!body.success) return invalid(body.error, 'body');
      rows[0] = {
        ...rows[0],
        status: 'FUNDED',
        version: rows[0].version + 1,
        advanceCents: 111_110,
        feeCents: 3_704,
        reserveCents: 8_642,
        owedCents: 8_642,
        entries: [
          {
            id: 1,
            kind: 'FUNDING',
            enteredOn: body.data.fundedOn ?? '2026-12-10',
            advanceCents: 111_110,
            feeCents: 3_704,
            reserveCents: 8_642,
            releasedCents: 0,
            note: null,
            reversesId: null,
            reversedById: null,
            createdAt: '2026-12-10T15:00:00.000Z',
          },
        ],
      };
      return ok(rows[0]);
    }),
  ];
}

describe('factoring schedules', () => {
  it('records the funding from the factor’s terms with the version read; the factor then holds the reserve', async () => {
    await signInAs(account(['Finance']));
    api.use(...scheduleHandlers([schedule()]));
    const { user } = renderApp('/app/management/factoring-schedules/4');
    const row = (await screen.findByRole('link', { name: 'INV-1042' })).closest('tr')!;
    expect(within(row).getByText('Midwest Freight Solutions')).toBeTruthy();
    expect(within(row).getByText('12/01/2026')).toBeTruthy();
    expect(within(row).getByText('$1,234.56')).toBeTruthy();
    expect(screen.getByText(/\$1,111\.10 advance, \$37\.04 fee and \$86\.42 reserve/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Record the funding' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: /Reserve/ }) as HTMLInputElement).value).toBe('86.42');
    await user.click(within(dialog).getByRole('button', { name: 'Record the funding' }));
    await waitFor(() => expect(callsTo('/api/FactoringSchedules/4/funding', 'POST')).toHaveLength(1));
    expect(callsTo('/api/FactoringSchedules/4/funding', 'POST')[0].body).toMatchObject({
      version: 3,
      advance: 1111.1,
      fee: 37.04,
      reserve: 86.42,
    });
    expect(await screen.findByText('Funded')).toBeTruthy();
    // What the factor still holds, in bold among the schedule's figures.
    expect(screen.getByText('$86.42', { selector: 'strong' })).toBeTruthy();
  });
});
