/** A delay in milliseconds as a person reads it, with the exact figure kept ("1.5 s (1500 ms)"). */
export function formatDelay(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  const readable = seconds < 120 ? `${Number(seconds.toFixed(1))} s` : `${Number((seconds / 60).toFixed(1))} min`;
  return `${readable} (${ms} ms)`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KiB (${bytes} bytes)`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MiB (${bytes} bytes)`;
}
