/**
 * The audit trail (docs/product/administration.md), in Chromium against the real server with the demo data: an
 * administrator changes a shipper, opens History from its edit screen and reads the change field by field; filters the
 * trail by a user and a period (nothing in a past month says what to do); exports the filtered trail as CSV and finds
 * exactly those entries in it; a manager has neither the screen nor History.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '../../schema/audit';
import type { ListPage } from '../../schema/records';
import type { ShipperDto } from '../../schema/resources/shippers';
import { parseCsv } from '../helpers/records';
import { demoUser, pathname, poll, signIn, useE2E, visible } from './helpers';
import { apiGet, choose, localDay, main, pick, urlFilter } from './records';

const e2e = useE2E();

const ADMIN = demoUser('Administrator');
const TRAIL = '/app/audit-trail';
const SHIPPERS = '/app/management/shipper-management';

/** A shipper's update body from its DTO, with changes. */
const shipperBody = (s: ShipperDto, changes: Partial<ShipperDto>) => ({
  name: s.name,
  contactName: s.contactName,
  phone: s.phone,
  email: s.email,
  address: s.address,
  city: s.city,
  stateId: s.stateId,
  zip: s.zip,
  version: s.version,
  ...changes,
});

describe('the audit trail', () => {
  it('an administrator changes a shipper, opens its History and reads the change before → after', async () => {
    const { page } = e2e;
    const token = await signIn(page, ADMIN);
    const shipper = (await apiGet<ListPage<ShipperDto>>(e2e, token, '/api/Shipper?Size=1&Sort=name')).items[0];
    const contact = `Rosa Audit ${Date.now() % 10_000}`;

    await page.goto(`${SHIPPERS}/${shipper.id}/edit`);
    const field = main(page).getByRole('textbox', { name: 'Contact', exact: true });
    await poll(() => field.inputValue()).toBe(shipper.contactName ?? '');
    await field.fill(contact);
    await main(page).getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => pathname(page)).toBe(SHIPPERS);

    // History, from the record's own edit screen: the trail opens filtered to it, the filters shown in the bar.
    await page.goto(`${SHIPPERS}/${shipper.id}/edit`);
    await main(page).getByRole('link', { name: 'History' }).click();
    await poll(() => pathname(page)).toBe(TRAIL);
    expect(urlFilter(page)).toEqual({ entity: 'shipper', entityId: String(shipper.id) });
    await poll(() => main(page).getByRole('combobox', { name: 'Record type' }).innerText()).toBe('Shipper');
    expect(await main(page).getByRole('textbox', { name: 'Record id', exact: true }).inputValue()).toBe(
      String(shipper.id),
    );
    const history = await apiGet<ListPage<AuditEntryDto>>(
      e2e,
      token,
      `/api/AuditLog?entity=shipper&entityId=${shipper.id}`,
    );
    await poll(() => main(page).locator('tbody tr:not(.RaDataTable-expandRow)').count()).toBe(history.totalCount);

    // The newest entry is the change: who, what, and the one field in its summary.
    const row = main(page).locator('tbody tr:not(.RaDataTable-expandRow)').first();
    const before = shipper.contactName ?? '(empty)';
    await poll(() => row.innerText()).toContain(`Contact: ${before} → ${contact}`);
    expect(await row.innerText()).toMatch(/Changed\s+Shipper\s+#\d+/);
    const [entry] = history.items;
    expect(await row.innerText()).toContain(entry.actorName!);

    // Opened from the keyboard: the line of the field changed, what it was struck through, what it became.
    const toggle = main(page).getByRole('button', { name: `Changes of entry ${entry.id}` });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = main(page).getByRole('region', { name: /^Changed: Shipper #\d+/ });
    await visible(panel);
    const lines = panel.getByRole('listitem');
    expect(await lines.count()).toBe(1);
    expect(await lines.first().innerText()).toMatch(/^Contact\s/);
    if (shipper.contactName) expect(await lines.first().locator('del').innerText()).toContain(shipper.contactName);
    expect(await lines.first().locator('ins').innerText()).toContain(contact);
    // The unchanged fields are one click away.
    // (Clicked again while it still says so: a click can land as the list reads its page again and draws the row anew.)
    const showAll = panel.getByRole('button', { name: /^Show all fields/ });
    await poll(async () => {
      if (await showAll.isVisible()) await showAll.click({ timeout: 2_000 }).catch(() => undefined);
      return lines.count();
    }).toBeGreaterThan(5);
    expect(await panel.innerText()).toContain(shipper.name);
  });

  it('filters by a user and a period, says what to do when nothing matches, and exports exactly what it shows', async () => {
    const { page } = e2e;
    // The manager changes a shipper: the entry the filters look for.
    const manager = await e2e.apiLogin(demoUser('Manager'));
    const shipper = (await apiGet<ListPage<ShipperDto>>(e2e, manager, '/api/Shipper?Size=1&Sort=-name')).items[0];
    const changed = await e2e.api('PUT', `/api/Shipper/${shipper.id}`, {
      token: manager,
      body: shipperBody(shipper, { contactName: 'Filter Check' }),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const token = await signIn(page, ADMIN);
    const users = await apiGet<ListPage<{ id: number; email: string; name: string }>>(
      e2e,
      token,
      '/api/User?Size=50&search=manager@haulboard.demo',
    );
    const managerUser = users.items.find((u) => u.email === 'manager@haulboard.demo')!;
    const managerName = managerUser.name;

    await page.goto(TRAIL);
    await pick(main(page), /^User/, '(manager@haulboard.demo)');
    await poll(() => urlFilter(page).actorId).toBe(managerUser.id);
    const mine = await apiGet<ListPage<AuditEntryDto>>(e2e, token, `/api/AuditLog?actorId=${managerUser.id}&Size=1`);
    expect(mine.totalCount).toBeGreaterThan(1);
    const rows = main(page).locator('tbody tr:not(.RaDataTable-expandRow)');
    await poll(() => rows.count()).toBe(Math.min(mine.totalCount, 50));
    for (const who of await rows.locator('td.column-actorId').allInnerTexts()) expect(who.trim()).toBe(managerName);

    // A period with nothing in it: the list says so and how to widen it.
    await choose(main(page), /^Period/, 'Custom dates');
    await main(page).getByRole('textbox', { name: 'From', exact: true }).fill(localDay(-60));
    await main(page).getByRole('textbox', { name: 'To', exact: true }).fill(localDay(-40));
    await poll(() => urlFilter(page).to).toBe(localDay(-40));
    await visible(main(page).getByText('No entry matches these filters. Widen the period or clear a filter.'));
    await visible(main(page).getByRole('button', { name: 'Clear filters' }));

    // Today: the manager's entries are back, and the CSV holds exactly them.
    await main(page).getByRole('textbox', { name: 'From', exact: true }).fill(localDay(0));
    await main(page).getByRole('textbox', { name: 'To', exact: true }).fill(localDay(0));
    await poll(() => urlFilter(page)).toMatchObject({
      actorId: managerUser.id,
      filtered: 'custom',
      from: localDay(0),
      to: localDay(0),
    });
    await poll(() => rows.count()).toBe(Math.min(mine.totalCount, 50));
    const shown = await rows.count();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main(page).getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
    expect(header.slice(0, 3)).toEqual(['When (UTC)', 'Actor', 'Actor id']);
    expect(lines.length).toBe(shown);
    expect(lines.every((line) => line[1] === managerName && line[2] === String(managerUser.id))).toBe(true);
    const update = lines.find(
      (line) => line[5] === 'update' && line[6] === 'shipper' && line[7] === String(shipper.id),
    )!;
    expect(JSON.parse(update[9])).toMatchObject({ contactName: 'Filter Check' });
  });

  it('is the administrators’: a manager’s edit screens have no History, and the trail itself is refused', async () => {
    const { page } = e2e;
    const token = await signIn(page, demoUser('Manager'));
    const shipper = (await apiGet<ListPage<ShipperDto>>(e2e, token, '/api/Shipper?Size=1')).items[0];
    await page.goto(`${SHIPPERS}/${shipper.id}/edit`);
    await visible(main(page).getByRole('link', { name: 'List' }));
    expect(await main(page).getByRole('link', { name: 'History' }).count()).toBe(0);
    await page.goto(TRAIL);
    await visible(page.getByText("403: You don't have permission to visit this page"));
  });
});
