// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../schema/expiry';
import {
  QUALIFICATION_API,
  type QualificationFileDto,
  type QualificationRecordDto,
} from '../../../schema/qualification';
import { DOCUMENTS_API } from '../../../schema/documents';
import { localToday } from '../../../ui/assignments/dates';
import { account } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { ok } from '../msw/respond';
import { api, useApi } from '../msw/server';

/**
 * A replaced record of a driver's qualification file is kept its legal time (server/modules/qualification/write.ts
 * refuses its deletion before): Delete is offered only once that time is over, and the screen says until when.
 */
useApi();

const today = localToday();
const record = (id: number, doneOn: string, keepUntil: string | null): QualificationRecordDto => ({
  id,
  item: 'MEDICAL_CARD',
  doneOn,
  expiresOn: addDays(doneOn, 700),
  registryVerifiedOn: doneOn,
  notes: `Card ${id}`,
  checkedBy: 'Fleet Manager',
  checkedAt: `${doneOn}T15:00:00Z`,
  replacedAt: `${doneOn}T15:00:00Z`,
  keepUntil,
  documents: [],
  version: 1,
});

const FILE: QualificationFileDto = {
  driverId: 7,
  driverName: 'Andre Johnson',
  hiredOn: '2020-01-06',
  terminatedOn: null,
  state: 'complete',
  canUpdate: true,
  items: [
    {
      item: 'MEDICAL_CARD',
      label: 'Medical examiner’s certificate',
      rule: '391.51(b)(7)',
      state: 'complete',
      dueOn: addDays(today, 300),
      daysLeft: 300,
      problem: null,
      current: { ...record(1, addDays(today, -30), null), replacedAt: null },
      // Past its time yesterday; kept until next year; kept while the driver is employed.
      replaced: [
        record(2, addDays(today, -1500), addDays(today, -1)),
        record(3, addDays(today, -400), addDays(today, 330)),
        record(4, addDays(today, -800), null),
      ],
    },
  ],
};

describe('a qualification file’s replaced records', () => {
  it('offer Delete only once their legal time is over', async () => {
    await signInAs(account(['FleetManager']));
    api.use(
      http.get(`*${QUALIFICATION_API}/7`, () => ok(FILE)),
      http.get(`*${DOCUMENTS_API}`, () => ok([])),
    );
    const { user } = renderApp('/app/reports/driver-qualification/7');
    await user.click(await screen.findByText('Previous records (3)'));

    const facts = (notes: string) => screen.getByText(notes).parentElement!;
    expect(within(facts('Card 2')).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(facts('Card 3')).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(facts('Card 3')).getByText(/kept until/i).textContent).toContain('/');
    expect(within(facts('Card 4')).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
