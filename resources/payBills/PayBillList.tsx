import DefinitionList from '../../ui/records/DefinitionList';
import { BuildWeekButton } from './BuildWeekButton';

/** Pay bills by week (last week first): a row opens its statement, for every reader (a driver too, their own). */
export default function PayBillList() {
  return (
    <DefinitionList actions={<BuildWeekButton />} rowClick={(id) => `/app/finances/pay-driver-bills/${id}/show`} />
  );
}
