const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID, the shape of every id Plume stores (a path or job may carry anything). */
export const isUuid = (value: string): boolean => UUID.test(value);
