import { useChatUnread } from '../../../ui/realtime/chatUnread';

/** A count a sidebar entry shows beside its title (0: none), by the entry's uri: a hook each. */
const BADGES: Readonly<Record<string, () => number>> = {
  '/app/chat': useChatUnread,
};

const useNoBadge = () => 0;

/** The badge hook of an entry (the same one for the entry's whole life: its uri does not change). */
export const badgeHookOf = (uri: string): (() => number) => BADGES[uri] ?? useNoBadge;

/** Whether an entry has a count to show (a collapsed group shows its entries' counts on its header). */
export const hasBadge = (uri: string): boolean => uri in BADGES;
