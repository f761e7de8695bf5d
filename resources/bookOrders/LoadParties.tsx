import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { DriverInput } from '../../ui/records/pickers';
import { useFill } from './lookup';

interface UnitsOnDay {
  truckId: number | null;
  trailerId: number | null;
}

const root = (name: string) => name;

/**
 * The order's driver, among its carrier's drivers; once a driver and a pickup date are chosen, the truck and trailer
 * the driver is assigned that day (GET /api/UnitAssignments/driver/{id}/on) fill the form's own where still empty.
 */
export function LoadDriverInput({ label }: { label: string }) {
  const [carrierId, driverId, pickupDate] = useWatch({ name: ['carrierId', 'driverId', 'pickup.date'] }) as [
    number | null,
    number | null,
    string | null,
  ];
  const units = useQuery({
    queryKey: ['units-on-day', driverId, pickupDate],
    queryFn: async ({ signal }) =>
      unwrap<UnitsOnDay>(
        await apiFetch(`/api/UnitAssignments/driver/${driverId}/on`, { query: { on: pickupDate! }, signal }),
      ),
    enabled: !!driverId && !!pickupDate,
    staleTime: 60_000,
    retry: false,
  });
  useFill(units.data, root, () => ({ truckId: units.data?.truckId, trailerId: units.data?.trailerId }));
  return <DriverInput source="driverId" label={label} carrierId={carrierId} />;
}
