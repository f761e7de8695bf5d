/**
 * The company's time zone of the test servers, unless a test names its own (COMPANY_TIMEZONE): UTC, so that the
 * tests' own "today" (todayIso() at import, which this sets first, or new Date().toISOString()) is the servers'
 * whatever the hour. The tests of the company's day (companyDay.test.ts) set America/Chicago.
 */
export const TEST_TIME_ZONE = 'UTC';

/**
 * The company's time zone of the journeys' servers (tests/e2e): the browser's, which is this machine's, so that the
 * journeys type and read dates as the browser counts them.
 */
export const JOURNEY_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
