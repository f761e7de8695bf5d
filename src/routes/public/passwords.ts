import { PASSWORD_MIN_LENGTH, registerBody } from '../../../schema/auth';

/** The server's rule for a password a user chooses (registration, reset, change): the same zod rule, its own words. */
const passwordRule = registerBody.shape.password;

export const PASSWORD_HINT_LENGTH = PASSWORD_MIN_LENGTH;

export const passwordProblem = (value: string): string | undefined => passwordRule.safeParse(value).error?.issues[0]?.message;

/** A new password typed twice: the rule on the first, the match on the second. */
export function newPasswordProblems(values: { password: string; confirm: string }, differ: string) {
  return {
    password: passwordProblem(values.password),
    confirm: values.confirm !== values.password ? differ : undefined,
  };
}
