/** Polls until the assertion passes or the time is up; tests never sleep a fixed time. */
export async function eventually<T>(assertion: () => Promise<T> | T, timeoutMs = 15000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}
