import DefinitionList from '../../ui/records/DefinitionList';

const STATUS = 'resources.management/drivers.choices.status';

/** Active or terminated, one click away (terminated is a date, not a stored status). */
export default function DriverList() {
  return (
    <DefinitionList
      quickFilters={[
        {
          label: 'resources.management/drivers.fields.status',
          items: [
            { label: `${STATUS}.ACTIVE`, value: { terminated: 'false' } },
            { label: `${STATUS}.TERMINATED`, value: { terminated: 'true' } },
          ],
        },
      ]}
    />
  );
}
