import { ProgressWatchdog } from './progress-watchdog';

describe('ProgressWatchdog', () => {
  it('calls a consumer wedged when it holds messages and finishes none for the stall time', () => {
    let held = 3;
    const dog = new ProgressWatchdog(() => held, 60_000, 0);
    expect(dog.wedged(59_000)).toBeUndefined();
    expect(dog.wedged(61_000)).toMatch(/3 message\(s\) in flight and none finished for 61 s/);
    dog.progressed(62_000);
    expect(dog.wedged(100_000)).toBeUndefined();
    held = 0;
    expect(dog.wedged(1_000_000)).toBeUndefined();
  });

  it('starts the stall clock when the first message arrives after a long idle spell', () => {
    let held = 0;
    const dog = new ProgressWatchdog(() => held, 60_000, 0);
    expect(dog.wedged(500_000)).toBeUndefined();
    held = 1;
    expect(dog.wedged(510_000)).toBeUndefined();
    expect(dog.wedged(561_000)).toBeDefined();
  });
});
