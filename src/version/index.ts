/** The version of this build, from package.json at build time. */
export const APP_VERSION: string = __APP_VERSION__;
export const VERSION_STORAGE_KEY = 'version';
/** The notice stays 5 seconds before the reload (docs/product/shell.md#installable). */
export const RELOAD_DELAY_MS = 5000;

/** Page actions the version check takes, replaceable in tests. */
export const pageActions = { reload: () => window.location.reload() };
