import DefinitionList from '../../ui/records/DefinitionList';
import { AllFactorBooks } from './FactorBooks';

/** The factoring companies, under what each owes and the total (docs/product/factoring.md#what-the-factor-owes). */
export default function FactorList() {
  return <DefinitionList header={<AllFactorBooks />} />;
}
