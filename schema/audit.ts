import { RECORD_RESOURCES } from './resources';

/** One entry of GET /api/AuditLog: who (a person, or a connected app acting for its owner), when, what, before and after. */
export interface AuditEntryDto {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string | null;
  /** The connected app the change or call was made with; null for people. */
  appId: number | null;
  appName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

/** An audit entity, and the screen (react-admin resource) its records are opened on, if any. */
export interface AuditSubject {
  entity: string;
  resource?: string;
}

/**
 * The entities the areas that are not a record definition write (a definition says its own). Their words are the web
 * app's (haulboard.audit.entities); an entity not listed anywhere is shown as it is stored.
 */
const OTHER_SUBJECTS: readonly AuditSubject[] = [
  { entity: 'book_order', resource: 'books/bookorders' },
  { entity: 'bank_transaction', resource: 'finances/match-transactions' },
  { entity: 'driver_dispatcher_assignment' },
  { entity: 'unit_assignment' },
  { entity: 'document' },
  { entity: 'saved_filter' },
  { entity: 'feature_group' },
  { entity: 'feature_group_item' },
  { entity: 'notification' },
  { entity: 'push_token' },
  { entity: 'session' },
  { entity: 'api' },
  { entity: 'role' },
  { entity: 'connected_app' },
  { entity: 'company_settings' },
  { entity: 'order_draft' },
];

/** Every entity the trail knows: the record definitions', then the others. */
export const AUDIT_SUBJECTS: readonly AuditSubject[] = [
  ...RECORD_RESOURCES.map((def) => ({ entity: def.entity, resource: def.name })),
  ...OTHER_SUBJECTS,
];

/** The audit entity of the records a screen edits ('management/shipper-management' → 'shipper'), if it has one. */
export const auditEntityOf = (resource: string): string | undefined =>
  AUDIT_SUBJECTS.find((subject) => subject.resource === resource)?.entity;

/** The actions the server writes (their words: haulboard.audit.actions); an unknown one is shown as it is stored. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'status',
  'approve',
  'manager-review',
  'void',
  'pay',
  'settle',
  'rebuild',
  'build',
  'chargeback',
  'assign',
  'end',
  'match',
  'undo-match',
  'explain',
  'unexplain',
  'move',
  'reorder',
  'permissions',
  'login',
  'logout',
  'register',
  'password-link',
  'reset-password',
  'offboarding.step.done',
  'offboarding.step.undone',
  'read',
  'read-all',
  'store',
  'call',
  'add-role',
  'remove-role',
  'token',
  'rotate-secret',
  'revoke',
  'book',
  'discard',
] as const;
