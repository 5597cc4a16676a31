/**
 * An endpoint's subscription (docs/consumers.md): exact event type names and `prefix.*`
 * patterns, which match every type under that prefix (`order.*` matches `order.created` and
 * `order.item.added`, not `order` nor `orders.created`). No filter at all subscribes to every type.
 * Declared here because the api stores filters and fan-out applies them.
 */
export const EVENT_TYPE_FILTER_PATTERN = /^[A-Za-z0-9_.:-]+(\.\*)?$/;

export function eventTypeMatches(filters: readonly string[], eventType: string): boolean {
  if (filters.length === 0) return true;
  return filters.some((filter) =>
    filter.endsWith('.*') ? eventType.startsWith(filter.slice(0, -1)) && eventType.length > filter.length - 1 : filter === eventType,
  );
}
