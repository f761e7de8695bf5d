import { DataTable } from 'react-admin';
import type { ReactElement } from 'react';
import type { FleetDriverDto, FleetLoadDto, FleetSettlementDto, FleetTab, FleetUnitDto } from '../../schema/fleetOwner';
import { drivers } from '../../schema/resources/drivers';
import { payBills } from '../../schema/resources/payBills';
import { vehicles } from '../../schema/resources/vehicles';
import { usDate, usMoney } from '../../ui/format';
import { StatusChip, nowrap } from '../../ui/records/columns';
import { cellOf } from '../../ui/records/fieldViews';

const label = (key: string) => `haulboard.my_fleet.fields.${key}`;

// Choices and phones read as on the company's own screens: the definitions' words and formats.
const unitType = cellOf(vehicles, 'unitType', vehicles.fields.unitType);
const unitStatus = cellOf(vehicles, 'status', vehicles.fields.status);
const driverType = cellOf(drivers, 'driverType', drivers.fields.driverType);
const driverStatus = cellOf(drivers, 'status', drivers.fields.status);
const phone = cellOf(drivers, 'phone', drivers.fields.phone);
const billStatus = cellOf(payBills, 'status', payBills.fields.status);

const Unit = DataTable.Col<FleetUnitDto>;
const Driver = DataTable.Col<FleetDriverDto>;
const Load = DataTable.Col<FleetLoadDto>;
const Bill = DataTable.Col<FleetSettlementDto>;

const money = (key: 'credits' | 'debits' | 'net' | 'paid' | 'closing') => (
  <Bill
    key={key}
    source={key}
    label={label(key)}
    align="right"
    cellSx={nowrap}
    disableSort
    render={(row) => usMoney(row[key])}
  />
);

/** Each tab's columns (the first is a phone card's heading). Sorting is the server's own order: no sort headers. */
export const FLEET_COLUMNS: Record<FleetTab, ReactElement[]> = {
  units: [
    <Unit key="unitNumber" source="unitNumber" label={label('unit')} disableSort cellSx={nowrap} />,
    <Unit key="unitType" source="unitType" label={label('type')} disableSort render={(row) => unitType(row)} />,
    <Unit
      key="model"
      source="model"
      label={label('vehicle')}
      disableSort
      render={(row) => `${row.year} ${row.make} ${row.model}`}
    />,
    <Unit key="plate" source="plate" label={label('plate')} disableSort cellSx={nowrap} />,
    <Unit key="status" source="status" label={label('status')} disableSort render={(row) => unitStatus(row)} />,
    <Unit
      key="registrationExpiresOn"
      source="registrationExpiresOn"
      label={label('registration')}
      disableSort
      cellSx={nowrap}
      render={(row) => usDate(row.registrationExpiresOn)}
    />,
    <Unit
      key="annualInspectionDueOn"
      source="annualInspectionDueOn"
      label={label('inspection')}
      disableSort
      cellSx={nowrap}
      render={(row) => usDate(row.annualInspectionDueOn)}
    />,
  ],
  drivers: [
    <Driver key="name" source="name" label={label('name')} disableSort />,
    <Driver key="driverType" source="driverType" label={label('type')} disableSort render={(r) => driverType(r)} />,
    <Driver key="phone" source="phone" label={label('phone')} disableSort cellSx={nowrap} render={(r) => phone(r)} />,
    <Driver key="status" source="status" label={label('status')} disableSort render={(r) => driverStatus(r)} />,
    <Driver
      key="cdlExpiresOn"
      source="cdlExpiresOn"
      label={label('cdl')}
      disableSort
      cellSx={nowrap}
      render={(r) => usDate(r.cdlExpiresOn)}
    />,
    <Driver
      key="medicalCardExpiresOn"
      source="medicalCardExpiresOn"
      label={label('medical')}
      disableSort
      cellSx={nowrap}
      render={(r) => usDate(r.medicalCardExpiresOn)}
    />,
  ],
  loads: [
    <Load key="orderNumber" source="orderNumber" label={label('order')} disableSort cellSx={nowrap} />,
    <Load
      key="pickupDate"
      source="pickupDate"
      label={label('pickup')}
      disableSort
      cellSx={nowrap}
      render={(r) => usDate(r.pickupDate)}
    />,
    <Load
      key="deliveryDate"
      source="deliveryDate"
      label={label('delivery')}
      disableSort
      cellSx={nowrap}
      render={(r) => usDate(r.deliveryDate)}
    />,
    <Load key="route" source="route" label={label('route')} disableSort render={(r) => `${r.from} → ${r.to}`} />,
    <Load key="driverName" source="driverName" label={label('driver')} disableSort />,
    <Load key="truck" source="truck" label={label('truck')} disableSort cellSx={nowrap} />,
    <Load key="vehicleCount" source="vehicleCount" label={label('vehicles')} disableSort align="right" />,
    <Load
      key="status"
      source="status"
      label={label('status')}
      disableSort
      render={(r) => <StatusChip prefix="haulboard.book_orders.statuses" value={r.status} />}
    />,
  ],
  settlements: [
    <Bill
      key="weekStart"
      source="weekStart"
      label={label('week')}
      disableSort
      cellSx={nowrap}
      render={(r) => usDate(r.weekStart)}
    />,
    <Bill key="driverName" source="driverName" label={label('driver')} disableSort />,
    <Bill key="status" source="status" label={label('status')} disableSort render={(r) => billStatus(r)} />,
    money('credits'),
    money('debits'),
    money('net'),
    money('paid'),
    money('closing'),
  ],
};
