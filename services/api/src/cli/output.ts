/** One JSON document on stdout: what `--json` (and the commands that print secrets) emit. */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** A plain text table on stdout: a header row, then one row per item, columns padded to their widest cell. */
export function printTable(header: string[], rows: Array<Array<string | number | null>>): void {
  const cells = [header, ...rows.map((r) => r.map((c) => (c === null ? '-' : String(c))))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  for (const row of cells) process.stdout.write(row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]))).join('  ') + '\n');
}
