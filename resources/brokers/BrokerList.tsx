import DefinitionList from '../../ui/records/DefinitionList';
import { FmcsaImport } from './FmcsaImport';

/** The brokers, with the import of the FMCSA files they are vetted against. */
export default function BrokerList() {
  return <DefinitionList actions={<FmcsaImport />} />;
}
