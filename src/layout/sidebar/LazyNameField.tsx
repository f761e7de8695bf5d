import { lazyPart } from '../../../ui/lazyPart';

/** The sidebar's in-place name field (adding or renaming a group, a rare action): its code loads when first used. */
export const InlineNameField = lazyPart(() => import('./InlineNameField').then((m) => m.InlineNameField));
