import { z } from 'zod';
import { savedFilterInput } from './bookOrders';
import { LIST_NAMES } from './resources';

/**
 * Saved filters (server/modules/savedFilters): a user's named filters of one list of the app, kept on the server,
 * shared with one of the owner's roles if wished. The requests, the answer and the rules' wording, for the server and
 * for whatever stands in for it (the unit tests' msw API).
 */

/** Saved filters one user may keep for one list (README.md "Limits"). */
export const MAX_SAVED_FILTERS_PER_LIST = 50;

/** One list of the app by its react-admin name (schema/resources LIST_NAMES: 'books/bookorders' …); nothing made up. */
const resource = z
  .string()
  .trim()
  .refine(
    (name) => LIST_NAMES.includes(name),
    `Name the list these filters belong to: one of ${LIST_NAMES.join(', ')}`,
  );
/** A role name the filter is shared with (null: the owner's alone). */
const sharedRole = z.string().trim().min(1).max(40).nullable().optional();

/** GET /api/SavedFilters?resource=… */
export const savedFilterListQuery = z.object({ resource });
/** POST /api/SavedFilters */
export const savedFilterCreateBody = savedFilterInput.extend({ resource, sharedRole });
/** PUT /api/SavedFilters/:id: any of a new name, a new filter, a role (null: the owner's alone). */
export const savedFilterUpdateBody = savedFilterInput
  .partial()
  .extend({ sharedRole })
  .refine(
    (b) => b.name !== undefined || b.filter !== undefined || b.sharedRole !== undefined,
    'Send a new name, a new filter, a role to share it with, or any of them',
  );

export type SavedFilterCreateBody = z.output<typeof savedFilterCreateBody>;
export type SavedFilterUpdateBody = z.output<typeof savedFilterUpdateBody>;

/** A saved filter as every route answers it. */
export interface SavedFilterDto {
  id: number;
  resource: string;
  name: string;
  filter: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  /** The role it is shared with, or null. */
  sharedRole: string | null;
  /** The owner's first and last name. */
  owner: string;
  /** The caller's own (only its owner changes or deletes it). */
  mine: boolean;
}

/** Names are unique per user and list, whatever their case. */
export const sameFilterName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The refusals of the rules the schemas cannot check, worded once. */
export const SAVED_FILTER_MESSAGES = {
  nameTaken: (name: string) => `A saved filter named "${name}" already exists`,
  full: `A list keeps at most ${MAX_SAVED_FILTERS_PER_LIST} saved filters; delete one first`,
  notOwnRole: 'Share it with one of your own roles',
} as const;
