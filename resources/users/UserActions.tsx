import { Button } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import type { UserDto } from '../../schema/resources/users';
import { RecordLink } from '../../ui/records/links';
import { RecordEditActions } from '../../ui/records/RecordForms';
import { useApiAction } from '../../ui/records/useApiAction';
import { useApiList } from '../../ui/useApiList';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { users } from '../../schema/resources/users';
import { PasswordLinkButton } from './PasswordLinkButton';
import { StatusChip } from '../../ui/records/columns';

/** The driver record of a user who drives, if there is one (drivers name their user account). */
function DriverRecordLink({ userId }: { userId: number }) {
  const translate = useTranslate();
  const canRead = useCanAccessFeature('management/drivers', 'Read');
  const { data } = useApiList<{ id: number; userId: number | null }>(
    canRead ? '/api/Driver/GetAllNames?showDeleted=true' : null,
  );
  const driver = canRead ? data?.find((row) => row.userId === userId) : undefined;
  if (!driver) return null;
  return (
    <RecordLink resource="management/drivers" id={driver.id}>
      {translate('haulboard.users.actions.driver_record')}
    </RecordLink>
  );
}

/**
 * Activate a waiting registration, deactivate (the server ends the user's sessions at once; the last active
 * administrator is refused in the server's words), hand over a password link; each needs Update on Users.
 */
export function UserActions() {
  const translate = useTranslate();
  const user = useRecordContext<UserDto>();
  const canUpdate = useCanAccessFeature(users.name, 'Update');
  const action = useApiAction();
  if (!user) return null;
  const call = (name: 'activate' | 'deactivate', done: string) =>
    action.mutate({ path: `/api/User/${user.id}/${name}`, done });
  const live = canUpdate && !user.deleted;
  return (
    <RecordEditActions>
      <StatusChip
        prefix={`resources.${users.name}.choices.status`}
        value={user.status}
        colours={users.fields.status.choices?.colours as never}
      />
      <DriverRecordLink userId={user.id} />
      {live && !user.isActive && (
        <Button
          size="small"
          variant="contained"
          disabled={action.isPending}
          onClick={() => call('activate', 'haulboard.users.actions.activated')}
        >
          {translate('haulboard.users.actions.activate')}
        </Button>
      )}
      {live && user.isActive && (
        <Button
          size="small"
          color="warning"
          disabled={action.isPending}
          onClick={() => call('deactivate', 'haulboard.users.actions.deactivated')}
        >
          {translate('haulboard.users.actions.deactivate')}
        </Button>
      )}
      {live && <PasswordLinkButton user={user} />}
    </RecordEditActions>
  );
}
