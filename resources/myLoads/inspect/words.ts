/** The inspection screens' messages (src/i18n/en.ts haulboard.my_loads.inspect and .sync). */
export const it = (key: string) => `haulboard.my_loads.inspect.${key}`;
export const syncWords = (key: string) => `haulboard.my_loads.sync.${key}`;
