// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../../schema/expiry';
import { account } from '../msw/accounts';
import { renderApp, signInAs } from '../msw/app';
import { type BookOrderListItem, bookOrderHandlers } from '../msw/handlers/bookOrders';
import { stateId } from '../msw/handlers/lists';
import { api, callsTo, useApi } from '../msw/server';

/**
 * The dispatcher's book-order list (resources/bookOrders/BookOrderList.tsx): the live board by default, filters from
 * the side panel and the filter bar sent to the API as it names them, and the totals of the whole filtered set.
 */
useApi();

const order = (
  id: number,
  pickupDate: string,
  status: BookOrderListItem['status'],
  price: number,
  brokerFee: number,
): BookOrderListItem => ({
  id,
  orderNumber: `HB-${1000 + id}`,
  loadBoard: 'CENTRAL_DISPATCH',
  externalLoadId: null,
  brokerId: 1,
  brokerName: 'RCG Logistics',
  shipperId: 1,
  shipperName: 'Lone Star Auto',
  carrierId: 1,
  dispatcherId: 2,
  dispatcherName: 'Dana Dispatcher',
  driverId: 3,
  driverName: 'Joe Driver',
  truckId: null,
  trailerId: null,
  status,
  price,
  brokerFee,
  paymentMethod: 'CHECK',
  payOnPickup: false,
  payOnDelivery: false,
  paymentStatus: 'UNPAID',
  hasManagerReview: false,
  approved: true,
  vehicleCount: 2,
  deleted: false,
  version: 1,
  pickup: { city: 'Houston', stateId: stateId('TX'), state: 'TX', date: pickupDate },
  delivery: { city: 'Dallas', stateId: stateId('TX'), state: 'TX', date: addDays(pickupDate, 2) },
});

const today = todayIso();
// The 15th of last month: always before the live board's week, always in "last month".
const lastMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 15))
  .toISOString()
  .slice(0, 10);
// 52 loads on the board from today on (more than one page of 50) and 4 delivered last month.
const ORDERS = [
  ...Array.from({ length: 49 }, (_, i) => order(i + 1, addDays(today, i % 6), 'ASSIGNED', 1250, 100)),
  ...[50, 51, 52].map((id) => order(id, addDays(today, 1), 'DELIVERED', 2000, 150)),
  ...[53, 54, 55, 56].map((id) => order(id, lastMonth, 'DELIVERED', 999.99, 50)),
];

const listQueries = () =>
  callsTo('/api/BookOrder/filter-books').map((call) => Object.fromEntries(call.url.searchParams));
const dataRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the book-order list', () => {
  it('opens on the current loads, with the totals of all of them, not only of the page shown', async () => {
    await signInAs(account(['Dispatcher']));
    api.use(...bookOrderHandlers(ORDERS));
    renderApp('/app/books/bookorders');

    expect(await screen.findByText('52 orders')).toBeTruthy();
    expect(screen.getByText('Price $67,250.00')).toBeTruthy();
    expect(screen.getByText('Broker fees $5,350.00')).toBeTruthy();
    expect(dataRows()).toHaveLength(50);
    expect(screen.queryByText('HB-1053')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Period' }).textContent).toBe('Current');
    expect(listQueries()[0]).toEqual({ Page: '0', Size: '50', Sort: '-pickupDate', filtered: 'current' });
  });

  it('narrows to a status from the side panel and to a period from the filter bar, asking the API for exactly that', async () => {
    await signInAs(account(['Dispatcher']));
    api.use(...bookOrderHandlers(ORDERS));
    const { user } = renderApp('/app/books/bookorders');
    await screen.findByText('52 orders');

    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('3 orders')).toBeTruthy();
    expect(screen.getByText('Price $6,000.00')).toBeTruthy();
    expect(screen.getByText('Broker fees $450.00')).toBeTruthy();
    expect(dataRows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'HB-1052',
      'HB-1051',
      'HB-1050',
    ]);
    expect(listQueries().at(-1)).toMatchObject({ filtered: 'current', status: 'DELIVERED', Page: '0' });

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last month' }));
    expect(await screen.findByText('4 orders')).toBeTruthy();
    expect(screen.getByText('Price $3,999.96')).toBeTruthy();
    expect(screen.getByText('Broker fees $200.00')).toBeTruthy();
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ filtered: 'last_month', status: 'DELIVERED' }));
    expect(dataRows()).toHaveLength(4);
  });

  it('says what the clear button of a chosen side-panel filter clears, and clearing it asks for the loads without it', async () => {
    await signInAs(account(['Dispatcher']));
    api.use(...bookOrderHandlers(ORDERS));
    const { user } = renderApp('/app/books/bookorders');
    await screen.findByText('52 orders');

    await user.click(screen.getByRole('button', { name: 'Delivered' }));
    expect(await screen.findByText('3 orders')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear the filter Delivered' }));
    // The earlier page may show from the cache first; the API is asked again without the status.
    expect(await screen.findByText('52 orders')).toBeTruthy();
    await waitFor(() => expect(listQueries().at(-1)).not.toHaveProperty('status'));
    expect(screen.queryByRole('button', { name: 'Clear the filter Delivered' })).toBeNull();
  });
});
