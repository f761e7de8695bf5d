import { http } from 'msw';
import { idParams } from '../../../../schema/common';
import {
  MAX_SAVED_FILTERS_PER_LIST,
  SAVED_FILTER_MESSAGES,
  type SavedFilterCreateBody,
  type SavedFilterDto,
  sameFilterName,
  savedFilterCreateBody,
  savedFilterListQuery,
  savedFilterUpdateBody,
} from '../../../../schema/savedFilters';
import { type Account, caller } from '../accounts';
import { invalid, notFound, ok, problem, queryOf, unauthorized } from '../respond';

/**
 * /api/SavedFilters as server/modules/savedFilters answers it, with the requests read by the same schemas and the
 * refusals worded by the same messages (schema/savedFilters.ts): a user's filters of one list and those shared with
 * one of their roles (their own first, each part by name); names unique per user and list in any case, at most
 * MAX_SAVED_FILTERS_PER_LIST a list; shared only with one of the owner's own roles; only the owner renames, shares or
 * deletes, and to anyone else another's filter is "not found". Always on (every list asks for its saved filters).
 */
interface Stored {
  id: number;
  ownerId: number;
  owner: string;
  resource: string;
  name: string;
  filter: Record<string, unknown>;
  sharedRole: string | null;
  createdAt: string;
  updatedAt: string;
}

const state = { rows: [] as Stored[], nextId: 1 };

export function resetSavedFilters(): void {
  state.rows = [];
  state.nextId = 1;
}

const toDto = ({ ownerId, ...row }: Stored, me: Account): SavedFilterDto => ({
  ...row,
  filter: { ...row.filter },
  mine: ownerId === me.user.id,
});

const byName = (a: Stored, b: Stored) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

function insert(owner: Account, { resource, name, filter, sharedRole }: SavedFilterCreateBody): Stored {
  const now = new Date().toISOString();
  const row: Stored = {
    id: state.nextId++,
    ownerId: owner.user.id,
    owner: `${owner.user.firstName} ${owner.user.lastName}`,
    resource,
    name,
    filter,
    sharedRole: sharedRole ?? null,
    createdAt: now,
    updatedAt: now,
  };
  state.rows.push(row);
  return row;
}

/**
 * A filter someone saved before the test (as POST /api/SavedFilters would keep it; the body is read by its schema, so
 * a test cannot store what the server would refuse). The owner need not be signed in.
 */
export function savedFilterOf(
  owner: Account,
  body: { resource: string; name: string; filter: Record<string, unknown>; sharedRole?: string | null },
): SavedFilterDto {
  return toDto(insert(owner, savedFilterCreateBody.parse(body)), owner);
}

/** The caller's own roles only: the role the filter is shared with, or a 400 naming sharedRole. */
const notOwnRole = (account: Account, role: string | null | undefined) =>
  role && !account.user.roles.includes(role)
    ? problem(400, SAVED_FILTER_MESSAGES.notOwnRole, { code: 'validation', field: 'sharedRole' })
    : null;

const nameTaken = (account: Account, resource: string, name: string, exceptId?: number) =>
  state.rows.some(
    (row) =>
      row.ownerId === account.user.id &&
      row.resource === resource &&
      row.id !== exceptId &&
      sameFilterName(row.name, name),
  );

const conflict = (message: string) => problem(409, message, { code: 'conflict' });

export const savedFilterHandlers = [
  http.get('*/api/SavedFilters', ({ request }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    const query = savedFilterListQuery.safeParse(queryOf(request));
    if (!query.success) return invalid(query.error, 'querystring');
    const visible = state.rows
      .filter(
        (row) =>
          row.resource === query.data.resource &&
          (row.ownerId === account.user.id || (row.sharedRole !== null && account.user.roles.includes(row.sharedRole))),
      )
      .sort(byName);
    const mine = visible.filter((row) => row.ownerId === account.user.id);
    return ok([...mine, ...visible.filter((row) => row.ownerId !== account.user.id)].map((row) => toDto(row, account)));
  }),

  http.post('*/api/SavedFilters', async ({ request }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    const body = savedFilterCreateBody.safeParse(await request.json());
    if (!body.success) return invalid(body.error, 'body');
    const refused = notOwnRole(account, body.data.sharedRole);
    if (refused) return refused;
    if (nameTaken(account, body.data.resource, body.data.name))
      return conflict(SAVED_FILTER_MESSAGES.nameTaken(body.data.name));
    if (
      state.rows.filter((row) => row.ownerId === account.user.id && row.resource === body.data.resource).length >=
      MAX_SAVED_FILTERS_PER_LIST
    )
      return conflict(SAVED_FILTER_MESSAGES.full);
    return ok(toDto(insert(account, body.data), account));
  }),

  http.put('*/api/SavedFilters/:id', async ({ request, params }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    const id = idParams.safeParse(params);
    if (!id.success) return invalid(id.error, 'params');
    const body = savedFilterUpdateBody.safeParse(await request.json());
    if (!body.success) return invalid(body.error, 'body');
    // Someone else's filter, shared or not, is missing to anyone but its owner.
    const row = state.rows.find((r) => r.id === id.data.id && r.ownerId === account.user.id);
    if (!row) return notFound('Saved filter');
    const { name, filter, sharedRole } = body.data;
    if (name !== undefined && nameTaken(account, row.resource, name, row.id))
      return conflict(SAVED_FILTER_MESSAGES.nameTaken(name));
    if (sharedRole !== undefined) {
      const refused = notOwnRole(account, sharedRole);
      if (refused) return refused;
    }
    Object.assign(row, {
      name: name ?? row.name,
      filter: filter ?? row.filter,
      sharedRole: sharedRole === undefined ? row.sharedRole : sharedRole,
      updatedAt: new Date().toISOString(),
    });
    return ok(toDto(row, account));
  }),

  http.delete('*/api/SavedFilters/:id', ({ request, params }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    const id = idParams.safeParse(params);
    if (!id.success) return invalid(id.error, 'params');
    const index = state.rows.findIndex((r) => r.id === id.data.id && r.ownerId === account.user.id);
    if (index < 0) return notFound('Saved filter');
    state.rows.splice(index, 1);
    return ok(true);
  }),
];
