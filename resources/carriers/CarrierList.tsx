import { Box, Chip } from '@mui/material';
import { DataTable } from 'react-admin';
import { useTranslate } from 'ra-core';
import type { CarrierDto } from '../../schema/people';
import { ExpiryChips } from '../../src/common/records/ExpiryChips';
import { nowrap } from '../../src/common/records/columns';
import { RecordList } from '../../src/common/records/RecordList';

const Column = DataTable.Col<CarrierDto>;
const f = (key: string) => `haulboard.carriers.fields.${key}`;

function Authorities({ carrier }: { carrier: CarrierDto }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {carrier.authorities.map((a) => (
        <Chip key={a.type} size="small" variant="outlined" label={`${a.docketNumber} · ${translate(`haulboard.carriers.authority_statuses.${a.status}`)}`} />
      ))}
    </Box>
  );
}

export default function CarrierList() {
  return (
    <RecordList title="haulboard.carriers.title" search="haulboard.carriers.search" sort={{ field: 'name', order: 'ASC' }} exportName="carriers" expiring>
      <Column source="code" label={f('code')} />
      <Column source="name" label="haulboard.people.fields.name" />
      <Column source="expiry" label="haulboard.drivers.fields.expirations" disableSort render={(row) => <ExpiryChips record={row} />} />
      <Column source="mcNumber" label="haulboard.brokers.fields.mc_number" disableSort />
      <Column source="usdotNumber" label="haulboard.brokers.fields.usdot_number" disableSort />
      <Column source="authorities" label={f('authorities')} disableSort render={(row) => <Authorities carrier={row} />} />
      <Column source="insurance" label={f('insurer')} disableSort render={(row) => row.insurance?.insurer ?? ''} />
      <Column source="insuranceExpiresOn" label={f('insurance_expires_on')} cellSx={nowrap} render={(row) => row.insurance?.expiresOn ?? ''} />
    </RecordList>
  );
}
