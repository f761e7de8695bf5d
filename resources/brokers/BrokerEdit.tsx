import { type BrokerDto, brokerUpdate } from '../../schema/people';
import { RecordEdit } from '../../src/common/records/RecordForms';
import { BrokerInputs } from './BrokerInputs';

export default function BrokerEdit() {
  return <RecordEdit<BrokerDto> schema={brokerUpdate} title={(broker) => broker.name}><BrokerInputs /></RecordEdit>;
}
