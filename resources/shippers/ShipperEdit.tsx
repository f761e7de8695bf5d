import { VettingPanel } from '../../ui/compliance/VettingPanel';
import { DefinitionEdit } from '../../ui/records/DefinitionForms';

/** A shipper's form, with what the FMCSA files say of its MC and USDOT numbers beside (under it on a phone). */
export default function ShipperEdit() {
  return <DefinitionEdit aside={<VettingPanel api="/api/Shipper" />} asideFrom="lg" />;
}
