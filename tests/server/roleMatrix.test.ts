import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../server/db/seed';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/** The default role × screen matrix, transcribed by hand apart from schema/features.ts: a drift there fails here. */
const SPEC_TABLE: Record<string, string[]> = {
  '/app/books/bookorders': [
    'Dispatcher',
    'Manager',
    'Administrator',
    'Finance',
    'FinanceSuper',
    'FleetManager',
    'ClaimTrackerTeam',
    'BookOrderApprover',
    'DispatchManager',
  ],
  '/app/books/dispatch-sheets': ['Dispatcher', 'Manager', 'Administrator', 'DispatchManager'],
  '/app/my-loads': ['Administrator', 'Driver'],
  '/app/my-qualification': ['Administrator', 'Driver'],
  '/app/dashboard': [
    'Manager',
    'Finance',
    'FinanceSuper',
    'Administrator',
    'FleetManager',
    'ClaimTrackerTeam',
    'DispatchManager',
  ],
  '/app/reports/dashboard': [
    'Manager',
    'Finance',
    'FinanceSuper',
    'Administrator',
    'FleetManager',
    'ClaimTrackerTeam',
    'DispatchManager',
  ],
  '/app/reports/dashboard-alternative': [
    'Manager',
    'Finance',
    'FinanceSuper',
    'Administrator',
    'FleetManager',
    'ClaimTrackerTeam',
    'DispatchManager',
  ],
  '/app/reports/weekly-report': ['Administrator', 'Finance', 'FinanceSuper'],
  '/app/reports/weekly-finance': [
    'Administrator',
    'Manager',
    'FleetManager',
    'Finance',
    'ClaimTrackerTeam',
    'DispatchManager',
  ],
  '/app/reports/driver-off-boarding': ['Administrator', 'Manager', 'ClaimTrackerTeam'],
  '/app/reports/driver-report': ['Driver', 'Manager', 'Administrator', 'Finance', 'FleetManager'],
  '/app/reports/dispatcher-salary-report': [
    'Driver',
    'Manager',
    'Administrator',
    'Dispatcher',
    'DispatchManager',
    'Banking',
  ],
  '/app/reports/event-report': ['Manager', 'Administrator', 'FleetManager', 'DispatchManager'],
  '/app/reports/evaluation-report': ['Administrator', 'Manager'],
  // The driver qualification file (docs/product/driver-qualification.md): whoever keeps the drivers' files.
  '/app/reports/driver-qualification': ['Administrator', 'Manager', 'FleetManager'],
  '/app/reports/driver-license': ['Administrator', 'Manager', 'FinanceSuper', 'FleetManager', 'ClaimTrackerTeam'],
  '/app/reports/claims-tracker': ['ClaimTrackerTeam', 'Administrator', 'Manager', 'DispatchManager'],
  '/app/reports/driver-balance': [
    'Administrator',
    'FinanceSuper',
    'Finance',
    'FleetManager',
    'Manager',
    'ClaimTrackerTeam',
  ],
  '/app/management/shipper-management': ['Administrator', 'Manager', 'DispatchManager'],
  '/app/management/user-management': [
    'Manager',
    'Administrator',
    'Finance',
    'FinanceSuper',
    'FleetManager',
    'ClaimTrackerTeam',
    'DispatchManager',
  ],
  '/app/management/vehicles': ['Administrator', 'Manager', 'FleetManager', 'ClaimTrackerTeam'],
  '/app/management/brokers': ['Administrator', 'Manager', 'DispatchManager'],
  '/app/management/products': ['Administrator', 'Manager', 'Finance', 'FinanceSuper', 'Dispatcher'],
  '/app/management/invoices': ['Administrator', 'Manager', 'Finance', 'FinanceSuper', 'Dispatcher', 'Banking'],
  '/app/management/customers': ['Administrator', 'Manager', 'Finance', 'FinanceSuper', 'Dispatcher'],
  '/app/finances/accounting-export': ['Administrator', 'Manager', 'Finance', 'FinanceSuper'],
  // IFTA, the quarterly fuel-tax return (docs/product/ifta.md): the finance side of the company, and its managers.
  '/app/finances/ifta': ['Administrator', 'Manager', 'Finance', 'FinanceSuper'],
  '/app/management/factoring-companies': ['Administrator', 'Manager', 'Finance', 'FinanceSuper'],
  '/app/calendar': ['Administrator', 'Manager', 'FleetManager', 'DispatchManager'],
  '/app/management/carrier-management': ['Administrator', 'Manager'],
  '/app/management/ticket-management': ['Manager', 'Administrator'],
  '/app/finances/pay-driver-bills': ['Administrator', 'FinanceSuper', 'Manager'],
  '/app/finances/driver-transactions': [
    'FinanceSuper',
    'Finance',
    'FleetManager',
    'Manager',
    'ClaimTrackerTeam',
    'Administrator',
  ],
  '/app/finances/match-transactions': ['Banking', 'Administrator'],
  '/app/broker-fee': ['Manager', 'Finance', 'FinanceSuper', 'Administrator', 'DispatchManager'],
  '/app/management/driver-assignment': [
    'Manager',
    'Administrator',
    'FleetManager',
    'ClaimTrackerTeam',
    'DispatchManager',
  ],
  '/app/management/vehicle-and-card-assignment': ['Manager', 'Administrator', 'FleetManager', 'ClaimTrackerTeam'],
  // A fleet owner's own carrier, read-only (server/modules/fleetOwner).
  '/app/my-fleet': ['FleetOwner', 'Administrator'],
  '/app/webhooks': ['Administrator'],
  '/app/permissions': ['Administrator'],
  // The Audit Trail: not a screen of the original app; the administrators' screen, as Access Settings.
  '/app/audit-trail': ['Administrator'],
  '/app/settings': ['Administrator'],
  // Staff chat (schema/chat.ts), every role; drivers may start threads only with their dispatchers.
  '/app/chat': [
    'Dispatcher',
    'Manager',
    'Administrator',
    'Finance',
    'FinanceSuper',
    'FleetManager',
    'FleetOwner',
    'ClaimTrackerTeam',
    'BookOrderApprover',
    'DispatchManager',
    'Driver',
    'Banking',
  ],
};

const ROLES = [
  'Dispatcher',
  'Manager',
  'Administrator',
  'Finance',
  'FinanceSuper',
  'FleetManager',
  'FleetOwner',
  'ClaimTrackerTeam',
  'BookOrderApprover',
  'DispatchManager',
  'Driver',
  'Banking',
];

/**
 * A representative read per screen whose API exists. Screens whose own API arrives with a later issue add
 * their line here then; until then their access is covered by the feature list above.
 */
const SCREEN_READS: [screen: string, url: string][] = [
  ['/app/management/user-management', '/api/User?Size=5'],
  ['/app/permissions', '/api/Permission/get-features-permissions-info'],
  ['/app/audit-trail', '/api/AuditLog?Size=1'],
  ['/app/management/shipper-management', '/api/Shipper/get-all-shippers-dropdown'],
  ['/app/management/shipper-management', '/api/Shipper?size=1'],
  ['/app/management/vehicles', '/api/Units/get-all-trucks-dropdown?type=Truck'],
  ['/app/management/vehicles', '/api/Units?size=1'],
  ['/app/management/brokers', '/api/Brokers?size=1'],
  ['/app/management/products', '/api/Products?size=1'],
  ['/app/management/invoices', '/api/Invoices?size=1'],
  ['/app/management/customers', '/api/Receivables?size=1'],
  ['/app/finances/accounting-export', '/api/AccountingExports?size=1'],
  ['/app/reports/driver-qualification', '/api/DriverQualification'],
  ['/app/finances/ifta', '/api/Ifta/quarters'],
  ['/app/finances/ifta', '/api/Ifta/quarters/2026-Q1'],
  ['/app/management/factoring-companies', '/api/FactoringCompanies?size=1'],
  ['/app/management/factoring-companies', '/api/FactoringSchedules?size=1'],
  ['/app/management/carrier-management', '/api/Carriers?size=1'],
  ['/app/my-fleet', '/api/FleetOwner/units?size=1'],
  ['/app/webhooks', '/api/Webhooks?size=1'],
  ['/app/management/driver-assignment', '/api/DriverAssignments/current?size=1'],
  ['/app/management/vehicle-and-card-assignment', '/api/UnitAssignments/current?size=1'],
  ['/app/management/vehicle-and-card-assignment', '/api/FuelCards?size=1'],
  ['/app/broker-fee', '/api/Brokers/v2/fee/transactions-filtered?Size=1'],
  ['/app/broker-fee', '/api/Brokers/v2/fee/transaction-statuses'],
  ['/app/my-loads', '/api/MyLoads'],
];
/** Reads open to more screens than the one named (a dropdown serves several forms; drivers and cards show on several screens). */
const ALSO_OPEN: Record<string, string[]> = {
  '/api/User?Size=5': ['/app/permissions'],
  '/api/Shipper/get-all-shippers-dropdown': [
    '/app/books/bookorders',
    '/app/reports/claims-tracker',
    '/app/management/invoices',
  ],
  '/api/Units/get-all-trucks-dropdown?type=Truck': [
    '/app/books/bookorders',
    '/app/management/vehicle-and-card-assignment',
    '/app/management/ticket-management',
    '/app/management/carrier-management',
    '/app/reports/claims-tracker',
  ],
  '/api/FuelCards?size=1': ['/app/management/vehicles'],
};

describe.each(DATABASES)('role matrix on %s', (kind) => {
  let server: TestServer;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const role of ROLES) tokens.set(role, await server.login(demoEmail(role as never)));
  });
  afterAll(() => server.close());

  it.each(ROLES)('%s sees exactly the screens of the default matrix', async (role) => {
    const response = await server.call({ method: 'GET', url: '/api/Auth/features/get', token: tokens.get(role) });
    expect(response.status).toBe(200);
    // The matrix's screens are the features without a parent; a resource's own sidebar entry has one (below).
    const uris = response.body.value
      .flatMap((g: { features: { uri: string; parentFeatureId: number | null }[] }) =>
        g.features.filter((f) => f.parentFeatureId === null).map((f) => f.uri),
      )
      .sort();
    const expected = Object.entries(SPEC_TABLE)
      .filter(([, roles]) => roles.includes(role))
      .map(([uri]) => uri)
      .sort();
    expect(uris).toEqual(expected);
    for (const group of response.body.value)
      for (const feature of group.features) expect(feature.permissions).toContain('Read');
  });

  it.each(ROLES)('%s gets 200 or 403 on each screen read as the table says', async (role) => {
    for (const [screen, url] of SCREEN_READS) {
      const allowed = [screen, ...(ALSO_OPEN[url] ?? [])].some((s) => SPEC_TABLE[s].includes(role));
      const response = await server.call({ method: 'GET', url, token: tokens.get(role) });
      expect(response.status, `${role} ${url}`).toBe(allowed ? 200 : 403);
      if (!allowed) expect(response.body.messages[0].description).toMatch(/permission/);
    }
  });

  it('gives administrators every permission on every screen', async () => {
    const response = await server.call({
      method: 'GET',
      url: '/api/Auth/features/get',
      token: tokens.get('Administrator'),
    });
    for (const group of response.body.value) {
      for (const feature of group.features)
        expect(feature.permissions.sort()).toEqual(['Approve', 'Create', 'Delete', 'Export', 'Read', 'Update']);
    }
  });

  it.each(ROLES)(
    '%s sees a resource’s own sidebar entry exactly when it sees the feature governing it, with its permissions',
    async (role) => {
      const response = await server.call({ method: 'GET', url: '/api/Auth/features/get', token: tokens.get(role) });
      const features = response.body.value.flatMap(
        (g: { features: { id: number; uri: string; parentFeatureId: number | null; permissions: string[] }[] }) =>
          g.features,
      );
      const rows = await server.db
        .selectFrom('features')
        .select(['id', 'parent_feature_id'])
        .where('parent_feature_id', 'is not', null)
        .execute();
      for (const child of rows) {
        const parent = features.find((f: { id: number }) => f.id === child.parent_feature_id);
        const seen = features.find((f: { id: number }) => f.id === child.id);
        expect(!!seen, `feature ${child.id}`).toBe(!!parent);
        if (parent) expect([...seen.permissions].sort()).toEqual([...parent.permissions].sort());
      }
    },
  );

  it('seeds one feature per screen, in the sections of the sidebar', async () => {
    const rows = await server.db
      .selectFrom('features')
      .select(['uri', 'section'])
      .where('parent_feature_id', 'is', null)
      .execute();
    expect(rows.map((r) => r.uri).sort()).toEqual(Object.keys(SPEC_TABLE).sort());
    expect(new Set(rows.map((r) => r.section))).toEqual(
      new Set(['Books', 'Reports', 'Management', 'Finances', 'Assignment', 'Admin', 'Settings']),
    );
  });
});
