import { VettingPanel } from '../../ui/compliance/VettingPanel';
import { DefinitionEdit } from '../../ui/records/DefinitionForms';

/** A broker's form, with what the FMCSA files say of it beside (under it on a phone). */
export default function BrokerEdit() {
  return <DefinitionEdit aside={<VettingPanel api="/api/Brokers" />} asideFrom="lg" />;
}
