/**
 * A synthetic IFTA quarter (docs/product/ifta.md), shared by tests/unit/iftaMiles.test.ts (miles and tax against an
 * independent computation) and tests/server/ifta.test.ts (the import, the rates, the close): eight loads of one truck
 * from Los Angeles to Greensboro through eleven states, the last one followed along the places its driver's phone
 * reported; a fuel-card export in the EFS / WEX transaction layout; the quarter's rates (made up, in the IFTA style).
 */
export const IFTA_QUARTER = '2031-Q1';

export interface SyntheticLoad {
  pickupZip: string;
  deliveryZip: string;
  deliveredOn: string;
  /** The ZIPs the phone reported between the stops. */
  trail?: string[];
}

export const LOADS: SyntheticLoad[] = [
  { pickupZip: '90012', deliveryZip: '85003', deliveredOn: '2031-01-06' }, // Los Angeles CA → Phoenix AZ
  { pickupZip: '85003', deliveryZip: '87102', deliveredOn: '2031-01-13' }, // Phoenix → Albuquerque NM
  { pickupZip: '87102', deliveryZip: '73102', deliveredOn: '2031-01-22' }, // Albuquerque → Oklahoma City (TX panhandle)
  { pickupZip: '73102', deliveryZip: '72201', deliveredOn: '2031-02-03' }, // Oklahoma City → Little Rock AR
  { pickupZip: '72201', deliveryZip: '37203', deliveredOn: '2031-02-12' }, // Little Rock → Nashville TN
  { pickupZip: '37203', deliveryZip: '30303', deliveredOn: '2031-02-24' }, // Nashville → Atlanta GA
  { pickupZip: '30303', deliveryZip: '32202', deliveredOn: '2031-03-09' }, // Atlanta → Jacksonville FL
  // Jacksonville → Greensboro NC by Statesboro GA and Columbia SC, as the phone reported it.
  { pickupZip: '32202', deliveryZip: '27401', deliveredOn: '2031-03-20', trail: ['30458', '29201'] },
];

export const STATES_CROSSED = ['AR', 'AZ', 'CA', 'FL', 'GA', 'NC', 'NM', 'OK', 'SC', 'TN', 'TX'];

/** The quarter's rates, dollars per gallon (NC left out at first: its tax must be flagged, never guessed). */
export const RATES: Record<string, string> = {
  AR: '0.2850',
  AZ: '0.2600',
  CA: '0.9710',
  FL: '0.3640',
  GA: '0.3550',
  NM: '0.2100',
  OK: '0.1900',
  SC: '0.2800',
  TN: '0.2700',
  TX: '0.2000',
};
export const NC_RATE = '0.4050';

/** The diesel the card export below holds per state, in thousandths of a gallon. */
export const DIESEL_E3: Record<string, number> = {
  CA: 85_750,
  AZ: 40_000,
  NM: 35_125,
  TX: 80_375,
  OK: 30_000,
  AR: 25_500,
  TN: 45_250,
  GA: 50_000,
  FL: 30_000,
  SC: 25_000,
};

const HEADER =
  'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Odometer,Location Name,City,State/ Prov,Fees,Item,Unit Price,Disc PPU,Qty,Amt,Currency';
const line = (date: string, invoice: string, place: string, city: string, state: string, item: string, qty: string) => {
  const amount = (Number(qty) * 4.109).toFixed(2);
  return `7083050000001234,${date},08:15,${invoice},T-101,JOHN SMITH,120000,"${place}",${city},${state},0.00,${item},4.109,0.000,${qty},${amount},USD`;
};

/** The fuel card company's export: diesel in ten states, DEF and reefer fuel besides, and three lines that cannot go in. */
export const FUEL_CSV = [
  HEADER,
  line('01/04/2031', '100001', 'Pilot Travel Center #123', 'Barstow', 'CA', 'ULSD', '60.500'),
  line('01/05/2031', '100002', "Love's #456", 'Needles', 'CA', 'ULSD', '25.250'),
  line('01/05/2031', '100002', "Love's #456", 'Needles', 'CA', 'DEFD', '2.500'),
  line('01/10/2031', '100003', 'TA Phoenix', 'Phoenix', 'AZ', 'ULSD', '40.000'),
  line('01/18/2031', '100004', 'Flying J', 'Gallup', 'NM', 'ULSD', '35.125'),
  line('01/20/2031', '100005', "Love's Amarillo", 'Amarillo', 'TX', 'ULSD', '60.000'),
  line('01/21/2031', '100006', 'Pilot Shamrock', 'Shamrock', 'TX', 'ULSD', '20.375'),
  line('01/30/2031', '100007', 'TA Oklahoma City', 'Oklahoma City', 'OK', 'ULSD', '30.000'),
  line('02/08/2031', '100008', 'Petro Russellville', 'Russellville', 'AR', 'ULSD', '25.500'),
  line('02/15/2031', '100009', 'Pilot Dickson', 'Dickson', 'Tennessee', 'ULSD', '45.250'),
  line('02/26/2031', '100010', "Love's Tifton", 'Tifton', 'GA', 'ULSD', '50.000'),
  line('02/26/2031', '100010', "Love's Tifton", 'Tifton', 'GA', 'RFR', '40.000'),
  line('03/10/2031', '100011', 'Pilot Jacksonville', 'Jacksonville', 'FL', 'ULSD', '30.000'),
  line('03/15/2031', '100012', 'TA Columbia', 'Columbia', 'SC', 'ULSD', '25.000'),
  line('03/16/2031', '100013', 'Petro-Canada', 'London', 'ON', 'ULSD', '55.000'),
  line('03/17/2031', '100014', 'Pilot Charlotte', 'Charlotte', 'NC', 'ULSD', 'lots'),
  line('13/01/2031', '100015', 'Pilot Charlotte', 'Charlotte', 'NC', 'ULSD', '12.000'),
].join('\r\n');

/** The lines of FUEL_CSV that are refused, with what their message names. */
export const REFUSED_LINES = [
  { line: 16, message: /ON.*not a US state/ },
  { line: 17, message: /Qty is "lots"/ },
  { line: 18, message: /Tran Date is "13\/01\/2031"/ },
];

/** A fraction of BigInts rounded half away from zero: exact, whatever the size. */
const roundDiv = (n: bigint, d: bigint) => {
  const negative = n < 0n !== d < 0n;
  const [an, ad] = [n < 0n ? -n : n, d < 0n ? -d : d];
  const q = (2n * an + ad) / (2n * ad);
  return negative ? -q : q;
};
const rateE4 = (rate: string) => {
  const [whole, part = ''] = rate.split('.');
  return BigInt(whole) * 10_000n + BigInt(part.padEnd(4, '0'));
};

/**
 * The return worked out again, apart from server/modules/ifta/tax.ts, in exact arithmetic, from whole miles per
 * state, diesel per state in thousandths and the rates as text: what the tests hold the server's figures to.
 */
export function workedReturn(
  miles: Record<string, number>,
  dieselE3: Record<string, number>,
  rates: Record<string, string>,
  outsideMiles = 0,
) {
  const totalMiles = BigInt(Object.values(miles).reduce((a, b) => a + b, outsideMiles));
  const totalGallons = roundDiv(BigInt(Object.values(dieselE3).reduce((a, b) => a + b, 0)), 1000n);
  const mpgE2 = roundDiv(totalMiles * 100n, totalGallons);
  const states = [...new Set([...Object.keys(miles), ...Object.keys(dieselE3)])].sort();
  const rows = states.map((state) => {
    const taxable = roundDiv(BigInt(miles[state] ?? 0) * 100n, mpgE2);
    const paid = roundDiv(BigInt(dieselE3[state] ?? 0), 1000n);
    const tax = rates[state] === undefined ? null : roundDiv((taxable - paid) * rateE4(rates[state]), 100n);
    return {
      state,
      taxableGallons: Number(taxable),
      taxPaidGallons: Number(paid),
      netTaxableGallons: Number(taxable - paid),
      taxCents: tax === null ? null : Number(tax),
    };
  });
  return {
    totalMiles: Number(totalMiles),
    totalGallons: Number(totalGallons),
    mpg: `${mpgE2 / 100n}.${String(mpgE2 % 100n).padStart(2, '0')}`,
    rows,
    totalTaxCents: rows.reduce((sum, r) => sum + (r.taxCents ?? 0), 0),
  };
}
