import { addScreenMessages } from '../../ui/screenMessages';

/** The words of My Fleet (haulboard.my_fleet.*), loaded with its code. */
export const myFleetMessages = {
  haulboard: {
    my_fleet: {
      title: 'My Fleet',
      carrier: 'Carrier',
      mc: 'MC %{number}',
      usdot: 'USDOT %{number}',
      read_only: 'Read-only: ask the company to change a unit, a driver, a load or a settlement.',
      not_linked_title: 'Your account is not linked to a carrier yet',
      not_linked:
        'An administrator links a fleet owner’s account to their carrier on the Users screen (Fleet owner of carrier). Then this page shows that carrier’s units, drivers, loads and settlements.',
      tabs: { units: 'Units', drivers: 'Drivers', loads: 'Loads', settlements: 'Settlements' },
      search: {
        units: 'Search unit number, VIN, make, model, plate',
        drivers: 'Search name, phone, e-mail',
        loads: 'Search order number, city, driver',
        settlements: 'Search driver',
      },
      empty: {
        units: 'No units of this carrier match.',
        drivers: 'No drivers of this carrier match.',
        loads: 'No loads of this carrier’s drivers match.',
        settlements: 'No settlements of this carrier’s drivers match.',
      },
      fields: {
        unit: 'Unit',
        vehicle: 'Year, make and model',
        plate: 'Plate',
        registration: 'Registration expires',
        inspection: 'Annual inspection due',
        name: 'Driver',
        type: 'Type',
        phone: 'Phone',
        status: 'Status',
        cdl: 'CDL expires',
        medical: 'Medical card expires',
        order: 'Order',
        pickup: 'Pickup',
        delivery: 'Delivery',
        route: 'Route',
        driver: 'Driver',
        truck: 'Truck',
        vehicles: 'Cars',
        week: 'Week of',
        credits: 'Credits',
        debits: 'Debits',
        net: 'Net',
        paid: 'Paid',
        closing: 'Closing balance',
      },
    },
  },
};

addScreenMessages(myFleetMessages);
