/** The address of an assignment screen with one driver's history open: /app/management/driver-assignment?history=7. */
export const HISTORY_PARAM = 'history';
export const historyLink = (screen: string, driverId: number) => `${screen}?${HISTORY_PARAM}=${driverId}`;
