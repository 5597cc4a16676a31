import { LAST_USED_RESOLUTION_MS, UseRecorder } from './api-key-use.recorder';

describe('UseRecorder', () => {
  it('when a key is used many times within a minute, then its use is written once, and again after the minute', async () => {
    let clock = 0;
    const touched: string[] = [];
    const recorder = new UseRecorder({ touch: async (id) => void touched.push(id) }, undefined, () => clock);
    for (let i = 0; i < 100; i++) recorder.record('k1');
    recorder.record('k2');
    expect(touched).toEqual(['k1', 'k2']);
    clock = LAST_USED_RESOLUTION_MS;
    recorder.record('k1');
    expect(touched).toEqual(['k1', 'k2', 'k1']);
  });

  it('when a write fails, then the next use writes again instead of waiting out the minute', async () => {
    let fail = true;
    let writes = 0;
    const recorder = new UseRecorder({
      touch: async () => {
        writes++;
        if (fail) throw new Error('db down');
      },
    });
    recorder.record('k1');
    await new Promise((r) => setImmediate(r));
    fail = false;
    recorder.record('k1');
    expect(writes).toBe(2);
  });
});
