import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { BodyBudget, type BodyBudgetGauges, type BodyBudgetShare } from './body-budget';

const aResponse = () => new EventEmitter() as unknown as ServerResponse;

describe('BodyBudget', () => {
  it('when bodies together would pass the budget, then the one that would is refused, and taken bytes come back when its request closes', () => {
    const budget = new BodyBudget(100);
    const first = aResponse();
    const second = aResponse();
    expect(budget.forRequest(first, 'a')(60)).toBe(true);
    const takeSecond = budget.forRequest(second, 'b');
    expect(takeSecond(50)).toBe(false);
    expect(takeSecond(40)).toBe(true);
    expect(budget.heldBytes).toBe(100);

    first.emit('close');
    expect(budget.heldBytes).toBe(40);
    expect(budget.forRequest(aResponse(), 'c')(60)).toBe(true);
  });

  it('when nothing else is held, then one body larger than the budget still goes through, chunk by chunk', () => {
    const budget = new BodyBudget(100);
    const res = aResponse();
    const take = budget.forRequest(res, 'a');
    expect(take(80)).toBe(true);
    expect(take(80)).toBe(true);
    expect(budget.forRequest(aResponse(), 'b')(1)).toBe(false);
    res.emit('close');
    expect(budget.heldBytes).toBe(0);
  });

  it('when a request closes twice (finish, then the connection), then its bytes come back once', () => {
    const budget = new BodyBudget(100);
    const other = aResponse();
    budget.forRequest(other, 'a')(10);
    const res = aResponse();
    budget.forRequest(res, 'b')(30);
    res.emit('close');
    res.emit('close');
    expect(budget.heldBytes).toBe(10);
  });

  it('when one caller holds its quarter, then its next body waits while other callers still get theirs', () => {
    const budget = new BodyBudget(100);
    const first = aResponse();
    expect(budget.forRequest(first, 'greedy')(20)).toBe(true);
    expect(budget.forRequest(aResponse(), 'greedy')(10)).toBe(false);
    expect(budget.forRequest(aResponse(), 'greedy')(5)).toBe(true);
    expect(budget.forRequest(aResponse(), 'other')(60)).toBe(true);
    first.emit('close');
    expect(budget.forRequest(aResponse(), 'greedy')(10)).toBe(true);
  });

  it("when a caller's lone body is larger than its quarter, then it goes through", () => {
    const budget = new BodyBudget(100);
    expect(budget.forRequest(aResponse(), 'other')(10)).toBe(true);
    expect(budget.forRequest(aResponse(), 'large')(70)).toBe(true);
  });

  it('when bodies are taken, refused and given back, then the gauges show the bytes held and which limit refused', () => {
    let held = 0;
    const refused: BodyBudgetShare[] = [];
    const gauges: BodyBudgetGauges = { held: (delta) => (held += delta), refused: (share) => refused.push(share) };
    const budget = new BodyBudget(100, gauges);
    const first = aResponse();
    const take = budget.forRequest(first, 'a');
    take(20);
    take(5);
    expect(budget.forRequest(aResponse(), 'a')(10)).toBe(false);
    const second = aResponse();
    expect(budget.forRequest(second, 'b')(70)).toBe(true);
    expect(budget.forRequest(aResponse(), 'c')(10)).toBe(false);
    expect(held).toBe(95);
    expect(refused).toEqual(['caller', 'process']);

    first.emit('close');
    first.emit('close');
    second.emit('close');
    expect(held).toBe(0);
  });
});
