/**
 * react-admin's pages for an unknown address and a failed session check: rarely seen, and their buttons bring MUI's
 * Tooltip and the positioning library with them, so they load when first shown (AdminApp), not with the shell.
 */
export { AuthenticationError, NotFound } from 'react-admin';
