import { DefinitionEdit } from '../../ui/records/DefinitionForms';
import { FactorBooksAside } from './FactorBooks';

/** A factoring company: its form, with its books and schedules beside it. */
export default function FactorEdit() {
  return <DefinitionEdit aside={<FactorBooksAside />} />;
}
