import { usDate } from '../../../schema/format';
import { addDays } from '../../../schema/expiry';
import { ApiError } from '../../http/errors';

/**
 * The rule every dated assignment follows (schema/assignments.ts): a slot — a driver's dispatcher, a driver's
 * truck, a truck's driver … — holds one assignment on any day. Claiming a slot from day S ends its open
 * assignment on S − 1 when that one started before S (and may be moved); any other assignment covering S or later
 * makes the claim a 409 that says what is in the way and which start date would work.
 */
export interface Holding {
  id: number;
  starts_on: string;
  ends_on: string | null;
  /** The other side's id (dispatcher, unit, card, or driver for an item's slot). */
  holder: number | null;
}

export interface SlotClaim {
  /** Assignments of the slot that end on or after S (or never). */
  holdings: Holding[];
  startsOn: string;
  /** The id the claim gives the slot: claiming what the slot already holds is refused. */
  claimant: number;
  /** 'Driver Ann Lee already has dispatcher Bo Diaz' / 'Truck T101 is with driver Ann Lee', for a holding. */
  describe(holding: Holding): Promise<string>;
  /** The request field a refusal names. */
  field: string;
  /** May the open holding be ended to make room? When not, the refusal says how to move it. */
  mayEnd: boolean;
  moveHint?: string;
}

const refuse = (message: string, field: string, extra?: Record<string, unknown>) =>
  new ApiError(409, message, 'conflict', field, extra);

/** The id of the open holding to end on S − 1, or null; throws the 409 when the claim overlaps. Writes nothing. */
export async function planClaim(claim: SlotClaim): Promise<number | null> {
  let toEnd: number | null = null;
  for (const holding of claim.holdings) {
    const open = holding.ends_on === null;
    const span = `from ${usDate(holding.starts_on)} to ${holding.ends_on ? usDate(holding.ends_on) : 'now'}`;
    if (open && holding.starts_on < claim.startsOn) {
      if (holding.holder === claim.claimant)
        throw refuse(`${await claim.describe(holding)} since ${usDate(holding.starts_on)}`, claim.field);
      if (!claim.mayEnd)
        throw refuse(
          `${await claim.describe(holding)} since ${usDate(holding.starts_on)}; ${claim.moveHint ?? 'end that assignment first'}`,
          claim.field,
          { reassignable: true },
        );
      toEnd = holding.id;
    } else {
      throw refuse(
        `${await claim.describe(holding)} ${span}; choose a start date after ${usDate(holding.ends_on ?? holding.starts_on)}`,
        claim.field,
      );
    }
  }
  return toEnd;
}

/** The day before a start: where a reassignment ends the running assignment. */
export const dayBefore = (date: string) => addDays(date, -1);
