import { ResourceLinkButton } from '../../ui/records/links';

/** The fleet screens' way to the records they name: drivers and fuel cards (which have no sidebar entry). */
export function FleetLinks() {
  return (
    <>
      <ResourceLinkButton resource="management/drivers" label="haulboard.assignments.links.drivers" />
      <ResourceLinkButton resource="management/fuel-cards" label="haulboard.assignments.links.fuel_cards" />
    </>
  );
}
