import { z } from 'zod';
import { idText, idValue } from './common';

export const GROUP_NAME_MAX = 60;
/** Groups one user's sidebar may hold, the default group and the seeded sections included (README.md "Limits"). */
export const MAX_GROUPS = 50;
const groupName = z.string().trim().min(1, 'Enter a group name').max(GROUP_NAME_MAX);

export const newGroupBody = z.object({ name: groupName });
export const renameGroupBody = z.object({ groupId: idValue, name: groupName });
export const groupIdParams = z.object({ groupId: idText });
export const moveFeatureBody = z.object({ featureGroupId: idValue, featureId: idValue });
/** Our reorder call (the original API has none): the caller's group ids in their new order. */
export const reorderGroupsBody = z.object({ groupIds: z.array(idValue).min(1).max(MAX_GROUPS) });
