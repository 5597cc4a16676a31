import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Loads the built library in a process of its own, as a service does, and reports whether undici
 * (and its compiled WebAssembly parser) is in memory before and after a dispatcher is made.
 */
function freshProcess(): { loadedOnImport: boolean; loadedOnDispatcher: boolean; canRequest: boolean } {
  const libraryModule = path.join(__dirname, '..', 'dist', 'index.js');
  const script = `
    const undiciLoaded = () => Object.keys(require.cache).some((file) => file.includes('/node_modules/undici/'));
    const guard = require(${JSON.stringify(libraryModule)});
    const loadedOnImport = undiciLoaded();
    const dispatcher = guard.createGuardedDispatcher(new guard.AddressPolicy([]), { connectTimeoutMs: 1000 });
    const report = { loadedOnImport, loadedOnDispatcher: undiciLoaded(), canRequest: typeof dispatcher.request === 'function' };
    dispatcher.close().then(() => process.stdout.write(JSON.stringify(report)));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

describe('the guarded dispatcher', () => {
  it('when a service imports the library for its address rules, then undici is not loaded until a dispatcher is made', () => {
    const { loadedOnImport, loadedOnDispatcher, canRequest } = freshProcess();

    // The api and the scheduler use the address rules and dial out rarely or never: ~10 MB less each.
    expect(loadedOnImport).toBe(false);
    expect(loadedOnDispatcher).toBe(true);
    expect(canRequest).toBe(true);
  });
});
