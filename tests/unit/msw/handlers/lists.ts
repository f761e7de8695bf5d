import { http } from 'msw';
import { CARRIER_PICKER_SCREENS, DISPATCHER_PICKER_SCREENS } from '../../../../schema/dropdowns';
import { US_STATES } from '../../../../schema/reference';
import { caller, holds, knownAccounts } from '../accounts';
import { data, forbidden, ok, unauthorized } from '../respond';

/** The dropdowns the forms and filters pick from (server/modules/lists), each open to the screens that use it. */
export interface CarrierChoice {
  id: number;
  code: string;
  name: string;
  deleted: boolean;
}

/** State ids as the seed numbers them: NONE is 1, then the states in US_STATES order. */
export const STATES = US_STATES.map((state, index) => ({ id: index + 1, ...state }));
export const stateId = (abbreviation: string) => STATES.find((state) => state.abbreviation === abbreviation)!.id;

export function listHandlers({ carriers = [] }: { carriers?: CarrierChoice[] } = {}) {
  return [
    http.get('*/api/Reference/states', ({ request }) => (caller(request) ? ok(STATES) : unauthorized())),

    http.get('*/api/Carriers/dropdown-list', ({ request }) => {
      const account = caller(request);
      if (!account) return unauthorized();
      if (!CARRIER_PICKER_SCREENS.some((key) => holds(account, key, 'Read'))) return forbidden();
      return data(carriers.filter((carrier) => !carrier.deleted));
    }),

    dispatcherNamesHandler(),
  ];
}

/** The dispatchers (the known accounts holding the role), as the Dispatcher filter of the book orders asks. */
export function dispatcherNamesHandler() {
  return http.get('*/api/Dispatcher/GetAllNames', ({ request }) => {
    const account = caller(request);
    if (!account) return unauthorized();
    if (!DISPATCHER_PICKER_SCREENS.some((key) => holds(account, key, 'Read'))) return forbidden();
    return ok(
      knownAccounts()
        .filter(({ user }) => user.roles.includes('Dispatcher') && user.isActive)
        .map(({ user }) => ({
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          name: user.name,
          isActive: true,
        })),
    );
  });
}
