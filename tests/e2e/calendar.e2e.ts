/**
 * The Performance Calendar (docs/product/people.md#people) in Chromium against the real server: a dispatch manager
 * opens the Performance Calendar, drags an event to another day of its driver's row and reloads to see it moved (and
 * the server has it there); then moves it back with the keyboard's way, the chip's menu "Move to…"; a move of an event
 * changed meanwhile is refused and said; the event report lists the events with their counts.
 */
import { describe, expect, it } from 'vitest';
import type { CalendarAnswer, CalendarEvent } from '../../schema/calendar';
import { addDays } from '../../schema/expiry';
import { demoUser, poll, signIn, useE2E, visible } from './helpers';
import { apiGet, localDay, main } from './records';

const e2e = useE2E();

/**
 * The month before this one: wholly past, so it holds every kind of the demo's events whatever today's date (the demo's
 * one-day events are all on or before its seeding day, so on the 1st this month has none early on).
 */
function lastMonth(): { today: string; month: string } {
  const today = localDay();
  return { today, month: addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7) };
}

describe('the Performance Calendar', () => {
  it('a dispatch manager drags an event on the calendar and reloads to see it moved; Move to… moves it back', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('DispatchManager'));
    const { today, month } = lastMonth();
    const answer = await apiGet<CalendarAnswer>(e2e, token, `/api/calendar/month?month=${month}&today=${today}`);
    // A one-day event early in the month: a week later is still in it.
    const event = answer.events.find(
      (one) => one.startOn === one.endOn && one.startOn >= `${month}-01` && one.startOn <= `${month}-12`,
    ) as CalendarEvent;
    expect(event, 'the demo has a one-day event early in the month').toBeDefined();
    const target = addDays(event.startOn, 7);

    await page.goto(`/app/calendar?month=${month}`);
    const row = main(page).locator(`tr[data-driver-id="${event.driverId}"]`);
    const chip = row.locator(`[data-event-id="${event.id}"]`);
    await visible(chip);
    expect(await row.locator(`td[data-day="${event.startOn}"] [data-event-id="${event.id}"]`).count()).toBe(1);

    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/calendar/events/update') && response.request().method() === 'PUT',
    );
    await chip.dragTo(row.locator(`td[data-day="${target}"]`));
    expect((await saved).status()).toBe(200);

    await page.reload();
    await visible(row.locator(`td[data-day="${target}"] [data-event-id="${event.id}"]`));
    expect(await row.locator(`td[data-day="${event.startOn}"] [data-event-id="${event.id}"]`).count()).toBe(0);
    const after = await apiGet<CalendarAnswer>(e2e, token, `/api/calendar/month?month=${month}&today=${today}`);
    expect(after.events.find((one) => one.id === event.id)).toMatchObject({
      startOn: target,
      endOn: target,
      version: event.version + 1,
    });

    // The keyboard's way: the chip's menu, Move to…, a day, Move.
    await row.locator(`[data-event-id="${event.id}"]`).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Move to…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New first day').fill(event.startOn);
    await dialog.getByRole('button', { name: 'Move' }).click();
    await visible(row.locator(`td[data-day="${event.startOn}"] [data-event-id="${event.id}"]`));
    await poll(
      async () =>
        (await apiGet<CalendarAnswer>(e2e, token, `/api/calendar/month?month=${month}&today=${today}`)).events.find(
          (one) => one.id === event.id,
        )?.startOn,
    ).toBe(event.startOn);
  });

  it('an event someone else changed meanwhile is not moved: the calendar says so and shows it where it is', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('DispatchManager'));
    const { today, month } = lastMonth();
    const answer = await apiGet<CalendarAnswer>(e2e, token, `/api/calendar/month?month=${month}&today=${today}`);
    // Early in the month: the day a week later is in view without scrolling the days.
    const event = answer.events
      .filter((one) => one.startOn >= `${month}-01` && one.startOn <= `${month}-12` && one.endOn <= `${month}-20`)
      .at(-1) as CalendarEvent;
    expect(event, 'the demo has an event early in the month').toBeDefined();
    await page.goto(`/app/calendar?month=${month}`);
    const row = main(page).locator(`tr[data-driver-id="${event.driverId}"]`);
    await visible(row.locator(`[data-event-id="${event.id}"]`));

    // A manager edits its notes from the event report: the version the calendar read is stale now.
    const manager = await e2e.apiLogin(demoUser('Manager'));
    const { driverId, type, startOn, endOn, version } = event;
    expect(
      (
        await e2e.api('PUT', `/api/DriverEvents/${event.id}`, {
          token: manager,
          body: { driverId, type, startOn, endOn, notes: 'Changed by the manager', version },
        })
      ).status,
    ).toBe(200);

    const refused = page.waitForResponse((response) => response.url().includes('/api/calendar/events/update'));
    await row
      .locator(`[data-event-id="${event.id}"]`)
      .dragTo(row.locator(`td[data-day="${addDays(event.startOn, 7)}"]`));
    expect((await refused).status()).toBe(409);
    await visible(page.getByText('Someone changed this event meanwhile', { exact: false }));
    await visible(row.locator(`td[data-day="${event.startOn}"] [data-event-id="${event.id}"]`));
    const after = await apiGet<CalendarAnswer>(e2e, token, `/api/calendar/month?month=${month}&today=${today}`);
    expect(after.events.find((one) => one.id === event.id)).toMatchObject({
      startOn: event.startOn,
      notes: 'Changed by the manager',
      version: version + 1,
    });
  });

  it('every driver’s name shows whole: two drivers of one name keep what tells them apart', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('FleetManager'), { at: '/app/calendar' });
    const names = main(page).locator('.driver-name');
    await visible(names.first());
    const cut = await names.evaluateAll((links) =>
      links.filter((link) => link.scrollWidth > link.clientWidth + 1).map((link) => link.textContent),
    );
    expect(cut).toEqual([]);
    // The demo has two drivers named Maria Lee: each shows the end of its phone number.
    await poll(() => names.filter({ hasText: /^Maria Lee \(phone …\d{4}\)$/ }).count()).toBe(2);
  });

  it('the event report lists the events with their counts by type', async () => {
    const { page } = e2e;
    await signIn(page, demoUser('FleetManager'), { at: '/app/reports/event-report' });
    await visible(main(page).getByRole('figure', { name: 'Events and their days by type' }));
    await visible(
      main(page)
        .getByRole('status')
        .filter({ hasText: /\d+ events?, \d+ days/ }),
    );
  });
});
