import type { DayState } from '../../schema/calendar';
import type { DriverEventType } from '../../schema/resources/driverEvents';

/** How each day state is painted (palette keys, readable on the light and dark themes), and its letter for who cannot tell colours apart. */
export const STATE_STYLE: Record<DayState, { bg: string; color: string; letter: string }> = {
  loaded: { bg: 'success.main', color: 'success.contrastText', letter: 'L' },
  empty: { bg: 'warning.light', color: 'text.primary', letter: 'E' },
  home: { bg: 'info.main', color: 'info.contrastText', letter: 'H' },
  shop: { bg: 'secondary.main', color: 'secondary.contrastText', letter: 'S' },
  off: { bg: 'action.disabledBackground', color: 'text.secondary', letter: '·' },
  upcoming: { bg: 'transparent', color: 'text.secondary', letter: '' },
};

/** An event's short mark on its chip. */
export const EVENT_MARK: Record<DriverEventType, string> = {
  ACCIDENT: 'ACC',
  INCIDENT: 'INC',
  BREAKDOWN: 'BRK',
  HOME_TIME: 'HOME',
  SHOP_TIME: 'SHOP',
  COMPLAINT: 'CMP',
  COMPLIMENT: '★',
};
