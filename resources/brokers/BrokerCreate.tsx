import { brokerInput } from '../../schema/people';
import { RecordCreate } from '../../src/common/records/RecordForms';
import { BrokerInputs } from './BrokerInputs';

export default function BrokerCreate() {
  return <RecordCreate schema={brokerInput} title="haulboard.brokers.create_title" defaultValues={{ status: 'ACTIVE', paymentTermsDays: 30, contacts: [] }}><BrokerInputs /></RecordCreate>;
}
