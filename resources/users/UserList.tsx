import DefinitionList from '../../ui/records/DefinitionList';
import { STATUS_FILTERS } from './status';

const STATUS = 'resources.management/user-management';

/** The users list: each account's status, one click away in the side panel. */
export default function UserList() {
  return (
    <DefinitionList
      quickFilters={[
        {
          label: `${STATUS}.fields.status`,
          items: STATUS_FILTERS.map(({ status, value }) => ({ label: `${STATUS}.choices.status.${status}`, value })),
        },
      ]}
    />
  );
}
