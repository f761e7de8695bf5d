/** Reference lists, shared by the server (seed, validation) and the web app (labels): docs/product/conventions.md. */

export const LOAD_BOARDS = [
  '1Dispatch',
  'ACV Transportation',
  'CarsArrive',
  'Central Dispatch',
  'MetroLoads',
  'Ship.Cars',
  'Super Dispatch',
  'Email',
  'RunBuggy',
  'Autosled',
  'RoadRunner',
] as const;
export type LoadBoard = (typeof LOAD_BOARDS)[number];

export const PAYMENT_METHODS = [
  'Cash',
  'Check',
  'CODCheck',
  'CreditCard',
  'ACH',
  'Zelle',
  'CashApp',
  'PayPal',
  'uShip',
  'eCheck',
  'unknown',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How each payment method reads on screens, statements and messages (the stored value is the code above). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  Cash: 'Cash',
  Check: 'Check',
  CODCheck: 'COD check',
  CreditCard: 'Credit card',
  ACH: 'ACH',
  Zelle: 'Zelle',
  CashApp: 'Cash App',
  PayPal: 'PayPal',
  uShip: 'uShip',
  eCheck: 'eCheck',
  unknown: 'Unknown',
};
/** A stored payment method as people read it; a value from before the list was set, as it is. */
export const paymentMethodLabel = (method: string | null | undefined): string =>
  method ? (PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method) : '';
/** The methods as choices ({ id, name }) for a select. */
export const PAYMENT_METHOD_CHOICES = PAYMENT_METHODS.map((id) => ({ id, name: PAYMENT_METHOD_LABELS[id] }));

export const MONEY_SOURCES = [
  { code: 'company', name: 'Company Money' },
  { code: 'driver', name: 'Drivers Own Money' },
] as const;

/** The company's operating authorities: the carriers its loads are booked under. */
export const CARRIERS = [
  { code: 'select', name: 'Select Auto Transport LLC' },
  { code: 'shipops', name: 'ShipOps Logistics Inc' },
  { code: 'haulovercorp', name: 'Haulover Corp' },
] as const;

/** Phone countries with dial code and the number of national digits. */
export const PHONE_COUNTRIES = [
  { code: 'US', name: 'USA', dialCode: '+1', digits: 10 },
  { code: 'GE', name: 'Georgia', dialCode: '+995', digits: 9 },
  { code: 'UA', name: 'Ukraine', dialCode: '+380', digits: 7 },
  { code: 'IN', name: 'India', dialCode: '+91', digits: 10 },
  { code: 'PH', name: 'Philippines', dialCode: '+63', digits: 12 },
] as const;

/** The 57 US states and territories (the 50 states, DC and five territories), with NONE first. */
export const US_STATES: readonly { abbreviation: string; name: string }[] = [
  { abbreviation: 'NONE', name: 'None' },
  { abbreviation: 'AL', name: 'Alabama' },
  { abbreviation: 'AK', name: 'Alaska' },
  { abbreviation: 'AZ', name: 'Arizona' },
  { abbreviation: 'AR', name: 'Arkansas' },
  { abbreviation: 'CA', name: 'California' },
  { abbreviation: 'CO', name: 'Colorado' },
  { abbreviation: 'CT', name: 'Connecticut' },
  { abbreviation: 'DE', name: 'Delaware' },
  { abbreviation: 'DC', name: 'District of Columbia' },
  { abbreviation: 'FL', name: 'Florida' },
  { abbreviation: 'GA', name: 'Georgia' },
  { abbreviation: 'HI', name: 'Hawaii' },
  { abbreviation: 'ID', name: 'Idaho' },
  { abbreviation: 'IL', name: 'Illinois' },
  { abbreviation: 'IN', name: 'Indiana' },
  { abbreviation: 'IA', name: 'Iowa' },
  { abbreviation: 'KS', name: 'Kansas' },
  { abbreviation: 'KY', name: 'Kentucky' },
  { abbreviation: 'LA', name: 'Louisiana' },
  { abbreviation: 'ME', name: 'Maine' },
  { abbreviation: 'MD', name: 'Maryland' },
  { abbreviation: 'MA', name: 'Massachusetts' },
  { abbreviation: 'MI', name: 'Michigan' },
  { abbreviation: 'MN', name: 'Minnesota' },
  { abbreviation: 'MS', name: 'Mississippi' },
  { abbreviation: 'MO', name: 'Missouri' },
  { abbreviation: 'MT', name: 'Montana' },
  { abbreviation: 'NE', name: 'Nebraska' },
  { abbreviation: 'NV', name: 'Nevada' },
  { abbreviation: 'NH', name: 'New Hampshire' },
  { abbreviation: 'NJ', name: 'New Jersey' },
  { abbreviation: 'NM', name: 'New Mexico' },
  { abbreviation: 'NY', name: 'New York' },
  { abbreviation: 'NC', name: 'North Carolina' },
  { abbreviation: 'ND', name: 'North Dakota' },
  { abbreviation: 'OH', name: 'Ohio' },
  { abbreviation: 'OK', name: 'Oklahoma' },
  { abbreviation: 'OR', name: 'Oregon' },
  { abbreviation: 'PA', name: 'Pennsylvania' },
  { abbreviation: 'RI', name: 'Rhode Island' },
  { abbreviation: 'SC', name: 'South Carolina' },
  { abbreviation: 'SD', name: 'South Dakota' },
  { abbreviation: 'TN', name: 'Tennessee' },
  { abbreviation: 'TX', name: 'Texas' },
  { abbreviation: 'UT', name: 'Utah' },
  { abbreviation: 'VT', name: 'Vermont' },
  { abbreviation: 'VA', name: 'Virginia' },
  { abbreviation: 'WA', name: 'Washington' },
  { abbreviation: 'WV', name: 'West Virginia' },
  { abbreviation: 'WI', name: 'Wisconsin' },
  { abbreviation: 'WY', name: 'Wyoming' },
  { abbreviation: 'AS', name: 'American Samoa' },
  { abbreviation: 'GU', name: 'Guam' },
  { abbreviation: 'MP', name: 'Northern Mariana Islands' },
  { abbreviation: 'PR', name: 'Puerto Rico' },
  { abbreviation: 'VI', name: 'U.S. Virgin Islands' },
];

export const UNIT_TYPES = ['Truck', 'Trailer'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
