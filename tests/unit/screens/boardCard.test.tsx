// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'ra-core';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BoardCardView } from '../../../resources/dispatchBoard/BoardCardView';
import '../../../resources/dispatchBoard/messages';
import type { BoardCard } from '../../../schema/dispatchBoard';
import { adminI18nProvider } from '../../../src/i18n/admin';

/**
 * A card of the dispatch board (resources/dispatchBoard/BoardCardView.tsx) under its column's h2: none of its lines is
 * a heading, so the page's outline goes title, columns, and nothing skips from h2 to h6.
 */
const card: BoardCard = {
  id: 7,
  orderNumber: 'HB-1007',
  status: 'NEW',
  pickup: { city: 'Dallas', state: 'TX', stateId: 44, date: '2026-12-01' },
  delivery: { city: 'Denver', state: 'CO', stateId: 6, date: '2026-12-03' },
  vehicleCount: 2,
  inspected: { pickup: 0, delivery: 0 },
  price: 1234.56,
  dispatcherId: 2,
  dispatcherName: 'Dana Dispatcher',
  driverId: null,
  driverName: null,
  carrierId: 1,
  approved: true,
  hasManagerReview: false,
  payOnPickup: false,
  payOnDelivery: false,
  deleted: false,
  version: 1,
};

const noop = () => undefined;

describe('board card', () => {
  it('shows the order number and its price without making either a heading', () => {
    render(
      <I18nContextProvider value={adminI18nProvider}>
        <MemoryRouter>
          <ul>
            <BoardCardView
              card={card}
              today="2026-11-29"
              lifted={false}
              draggable
              onDragStart={noop}
              onDragEnd={noop}
              onKeyDown={noop}
              onMove={noop}
              onAssign={noop}
            />
          </ul>
        </MemoryRouter>
      </I18nContextProvider>,
    );
    expect(screen.getByRole('link', { name: 'HB-1007' })).toBeTruthy();
    expect(screen.getByText('$1,234.56')).toBeTruthy();
    expect(screen.queryAllByRole('heading')).toEqual([]);
  });
});
