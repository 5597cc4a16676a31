import { eventTypeMatches, EVENT_TYPE_FILTER_PATTERN } from './event-type-filter';

describe('eventTypeMatches', () => {
  it('when there is no filter, then every event type matches', () => {
    expect(eventTypeMatches([], 'anything.at.all')).toBe(true);
  });

  it('when a filter is an exact name, then only that name matches', () => {
    expect(eventTypeMatches(['order.created'], 'order.created')).toBe(true);
    expect(eventTypeMatches(['order.created'], 'order.created.v2')).toBe(false);
    expect(eventTypeMatches(['order.created'], 'order.shipped')).toBe(false);
  });

  it('when a filter is prefix.*, then every type under the prefix matches, and the prefix alone or a longer word does not', () => {
    expect(eventTypeMatches(['order.*'], 'order.created')).toBe(true);
    expect(eventTypeMatches(['order.*'], 'order.item.added')).toBe(true);
    expect(eventTypeMatches(['order.*'], 'order')).toBe(false);
    expect(eventTypeMatches(['order.*'], 'order.')).toBe(false);
    expect(eventTypeMatches(['order.*'], 'orders.created')).toBe(false);
  });

  it('when filters are written, then names and prefix patterns are allowed and a bare or inner wildcard is not', () => {
    for (const ok of ['order.created', 'order.*', 'a:b-c_d']) expect(EVENT_TYPE_FILTER_PATTERN.test(ok)).toBe(true);
    for (const bad of ['*', '.*', 'order.*.created', 'order*', 'order .x']) expect(EVENT_TYPE_FILTER_PATTERN.test(bad)).toBe(false);
  });
});
