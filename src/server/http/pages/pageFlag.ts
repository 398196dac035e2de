/** A boolean as a page's `data-*` attribute reads it: "true" or "false". */
export const pageFlag = (value: boolean): string => (value ? 'true' : 'false');
