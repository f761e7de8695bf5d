export const WEB_SOURCES: readonly string[];
export function newestWebSource(root: string): number;
