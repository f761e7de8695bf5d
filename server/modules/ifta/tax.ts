import { type IftaReturnDto, type IftaStateRowDto, RATE_SCALE, stateName } from '../../../schema/ifta';
import { textOfScaled } from '../../../schema/decimal';

/**
 * The return's arithmetic (docs/product/ifta.md#tax), in integers as the return is filed:
 * - miles per state rounded to whole miles; the total is the states' miles and the miles in no state;
 * - gallons: the diesel bought in the quarter, whole gallons (from thousandths), in all and per state;
 * - the fleet's miles per gallon to two decimals (total miles ÷ total gallons);
 * - per state: taxable gallons = miles ÷ MPG, whole; net = taxable − the tax-paid gallons bought there;
 *   tax = net × the state's rate, to the cent (half a cent away from zero; a negative tax is a credit).
 * A state with miles or fuel and no rate is listed in missingRates and its tax is null: never guessed.
 */
export interface ReturnInputs {
  /** Miles per state as measured (fractions kept until the quarter's sum is rounded). */
  miles: ReadonlyMap<string, number>;
  outsideMiles: number;
  /** Diesel bought per state, in thousandths of a gallon. */
  dieselE3: ReadonlyMap<string, number>;
  /** The quarter's rates per state, in ten-thousandths of a dollar per gallon. */
  rates: ReadonlyMap<string, number>;
}

/** a ÷ b for integers (b > 0), rounded half away from zero. */
export function divRound(a: number, b: number): number {
  const q = Math.floor(Math.abs(a) / b);
  const r = Math.abs(a) - q * b;
  const rounded = 2 * r >= b ? q + 1 : q;
  return a < 0 ? -rounded : rounded;
}

export type ReturnFigures = Pick<
  IftaReturnDto,
  'totalMiles' | 'totalGallons' | 'mpg' | 'rows' | 'outsideMiles' | 'missingRates' | 'totalTaxCents'
>;

export function computeReturn({ miles, outsideMiles, dieselE3, rates }: ReturnInputs): ReturnFigures {
  const wholeMiles = new Map([...miles].map(([state, m]) => [state, Math.round(m)] as const));
  const outside = Math.round(outsideMiles);
  const totalMiles = [...wholeMiles.values()].reduce((a, b) => a + b, outside);
  const totalGallons = divRound(
    [...dieselE3.values()].reduce((a, b) => a + b, 0),
    1000,
  );
  const mpgE2 = totalMiles > 0 && totalGallons > 0 ? divRound(totalMiles * 100, totalGallons) : 0;
  const states = [...new Set([...wholeMiles.keys(), ...dieselE3.keys()])]
    .filter((state) => (wholeMiles.get(state) ?? 0) !== 0 || (dieselE3.get(state) ?? 0) !== 0)
    .sort();
  const rows = states.map((state): IftaStateRowDto => {
    const stateMiles = wholeMiles.get(state) ?? 0;
    const taxPaidGallons = divRound(dieselE3.get(state) ?? 0, 1000);
    const taxableGallons = mpgE2 ? divRound(stateMiles * 100, mpgE2) : null;
    const netTaxableGallons = taxableGallons === null ? null : taxableGallons - taxPaidGallons;
    const rate = rates.get(state);
    return {
      state,
      stateName: stateName(state),
      miles: stateMiles,
      taxPaidGallons,
      taxableGallons,
      netTaxableGallons,
      rate: rate === undefined ? null : textOfScaled(rate, RATE_SCALE),
      // net gallons × ten-thousandths of a dollar = ten-thousandths; ÷ 100 = cents.
      taxCents: rate === undefined || netTaxableGallons === null ? null : divRound(netTaxableGallons * rate, 100),
    };
  });
  return {
    totalMiles,
    totalGallons,
    mpg: mpgE2 ? textOfScaled(mpgE2, 2) : null,
    rows,
    outsideMiles: outside,
    missingRates: rows.filter((r) => r.rate === null).map((r) => r.state),
    totalTaxCents: rows.reduce((sum, r) => sum + (r.taxCents ?? 0), 0),
  };
}
