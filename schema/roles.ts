/** The built-in roles (docs/product/accounts.md#roles). "Any" is implicit: every signed-in user holds it. */
export const ROLES = [
  'Any',
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
] as const;
export type RoleName = (typeof ROLES)[number];

export const PERMISSIONS = ['Read', 'Create', 'Update', 'Delete', 'Export', 'Approve'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** User types a registering user can choose (the user's userType). */
export const USER_TYPES = [
  { id: 'driver', name: 'Driver' },
  { id: 'dispatch', name: 'Dispatcher' },
  { id: 'carrier', name: 'Carrier' },
  { id: 'fleetOwner', name: 'Fleet owner' },
] as const;
export type UserType = (typeof USER_TYPES)[number]['id'];
export const USER_TYPE_IDS = USER_TYPES.map((t) => t.id) as [UserType, ...UserType[]];
