/** Word lists for the deterministic demo company. */
export const FIRST_NAMES = [
  'James', 'Maria', 'Robert', 'Linda', 'Michael', 'Patricia', 'David', 'Jennifer', 'William', 'Elizabeth', 'Carlos',
  'Anna', 'Joseph', 'Susan', 'Thomas', 'Jessica', 'Daniel', 'Sarah', 'Giorgi', 'Nino', 'Oleksandr', 'Iryna', 'Raj',
  'Priya', 'Jose', 'Luz', 'Kevin', 'Angela', 'Brian', 'Nicole', 'Marcus', 'Tamara', 'Andre', 'Olga', 'Levan', 'Dmytro',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White',
  'Beridze', 'Kapanadze', 'Shevchenko', 'Kovalenko', 'Patel', 'Sharma', 'Reyes', 'Santos', 'Walker', 'Young',
];
/** The demo's cities per state, named as USPS names them (server/places.ts has their ZIPs). */
export const CITIES: Record<string, string[]> = {
  CA: ['Los Angeles', 'Fresno', 'Sacramento', 'San Diego'], TX: ['Houston', 'Dallas', 'San Antonio', 'El Paso'],
  FL: ['Miami', 'Orlando', 'Jacksonville', 'Tampa'], GA: ['Atlanta', 'Savannah'], IL: ['Chicago', 'Joliet'],
  NJ: ['Newark', 'Elizabeth', 'Edison'], NY: ['Buffalo', 'Albany', 'Bronx'], PA: ['Philadelphia', 'Pittsburgh'],
  OH: ['Columbus', 'Cleveland', 'Cincinnati'], AZ: ['Phoenix', 'Tucson'], NV: ['Las Vegas', 'Reno'],
  WA: ['Seattle', 'Tacoma'], CO: ['Denver', 'Aurora'], NC: ['Charlotte', 'Raleigh'], TN: ['Nashville', 'Memphis'],
  MI: ['Detroit', 'Grand Rapids'], MO: ['Kansas City', 'Saint Louis'], IN: ['Indianapolis'], MD: ['Baltimore'],
  VA: ['Richmond', 'Norfolk'], OK: ['Oklahoma City', 'Tulsa'], LA: ['New Orleans', 'Baton Rouge'], UT: ['Salt Lake City'],
};
export const COMPANY_WORDS = [
  'Atlas', 'Summit', 'Prime', 'Liberty', 'Eagle', 'Pioneer', 'Coastal', 'Frontier', 'Keystone', 'Patriot', 'Granite',
  'Sunbelt', 'Lakeside', 'Redline', 'Blue Ridge', 'Midwest', 'Golden State', 'Lone Star', 'Empire', 'Gulf',
];
export const SHIPPER_KINDS = ['Auto Auction', 'Motors', 'Auto Sales', 'Chevrolet', 'Toyota', 'Ford', 'Honda', 'Car Rental', 'Fleet Remarketing', 'Nissan'];
export const BROKER_KINDS = ['Auto Transport', 'Logistics', 'Vehicle Shipping', 'Car Carriers', 'Freight Solutions', 'Transport Group'];
export const STREETS = ['Main St', 'Industrial Pkwy', 'Commerce Dr', 'Auction Way', 'Dealer Row', 'Airport Rd', 'Harbor Blvd', 'Route 9'];
export const TRUCKS = [
  { make: 'Peterbilt', model: '389' }, { make: 'Kenworth', model: 'W900' }, { make: 'Freightliner', model: 'Cascadia' },
  { make: 'Volvo', model: 'VNL 760' }, { make: 'International', model: 'LT625' }, { make: 'Mack', model: 'Anthem' },
];
export const TRAILERS = [
  { make: 'Cottrell', model: 'CX-09LS', capacity: 9 }, { make: 'Sun Country', model: 'SC-7', capacity: 7 },
  { make: 'Kaufman', model: 'Hi-Rail', capacity: 3 }, { make: 'Boydstun', model: 'Lo-Pro 7', capacity: 7 },
  { make: 'Delavan', model: 'Enclosed 2', capacity: 2 },
];
