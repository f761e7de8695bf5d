import type { UserDto } from '../../schema/people';
import { StatusChip } from '../../src/common/records/columns';

export const STATUS_PREFIX = 'haulboard.users.statuses';
type Status = 'active' | 'inactive' | 'pending';
export const userStatus = (user: Pick<UserDto, 'isActive' | 'isPending'>): Status => (user.isPending ? 'pending' : user.isActive ? 'active' : 'inactive');

/** Active, inactive, or waiting for an administrator to activate the registration. */
export function UserStatusChip({ user }: { user: Pick<UserDto, 'isActive' | 'isPending'> }) {
  return <StatusChip prefix={STATUS_PREFIX} value={userStatus(user)} colours={{ active: 'success', inactive: 'default', pending: 'warning' }} />;
}

/** The status filter of the list, as the API takes it. */
export const STATUS_FILTERS: { status: Status; value: Record<string, unknown> }[] = [
  { status: 'active', value: { isActive: 'true' } },
  { status: 'inactive', value: { isActive: 'false' } },
  { status: 'pending', value: { pending: true } },
];
