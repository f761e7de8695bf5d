import { PERMISSIONS } from '../../../../schema/roles';

/** A permission set as the matrix's letters, in the model's order: Read, Create, Update → "RCU". */
const LETTER: Record<string, string> = { Read: 'R', Create: 'C', Update: 'U', Delete: 'D', Export: 'E', Approve: 'A' };
export const letterOf = (permission: string) => LETTER[permission];
export const letters = (permissions: readonly string[]) => PERMISSIONS.filter((p) => permissions.includes(p)).map(letterOf).join('');
