import fc from 'fast-check';
import { knownFailure } from './known-failures';
import type { Operation } from './openapi-operations';
import { requestArbitrary } from './operation-request.arbitrary';
import { reproducer, send } from './fuzz-request.sender';
import { responseProblems, type Problem } from './response.checks';
import type { FuzzWorld } from './schema.arbitrary';

export interface Finding {
  operationId: string;
  rule: Problem['rule'];
  message: string;
  /** The shortest request seen that shows it, as a curl command. */
  reproducer: string;
  count: number;
  /** Set when KNOWN_UNTIL_MERGED excuses it. */
  knownUntil?: string;
}

export interface FuzzTarget {
  /** http://127.0.0.1:<port>/api/v1 */
  baseUrl: string;
  key: string;
}

/** Same problem, different ids or sizes: one finding. */
const findingKey = (opId: string, p: Problem) =>
  `${opId}|${p.rule}|${p.message
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '<uuid>')
    .replace(/\d+/g, 'N')
    .slice(0, 120)}`;

/**
 * Sends `numRuns` generated requests for one operation, one at a time, and collects every
 * distinct broken promise with its shortest reproducer (fast-check only generates here: the
 * property holds so the run goes on and one run reports all it saw).
 */
export async function fuzzOperation(
  op: Operation,
  world: FuzzWorld,
  target: FuzzTarget,
  options: { seed: number; numRuns: number },
): Promise<{ findings: Finding[]; statuses: Record<number, number> }> {
  const findings = new Map<string, Finding>();
  const statuses: Record<number, number> = {};
  const property = fc.asyncProperty(requestArbitrary(op, world), async (req) => {
    const res = await send(target.baseUrl, target.key, req);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    for (const problem of responseProblems(op, req, res)) {
      const known = knownFailure(op, req, res, problem);
      // Excused and unexcused instances of one problem stay apart, so neither hides the other.
      const key = `${findingKey(op.operationId, problem)}|${known?.fixedBy ?? ''}`;
      const repro = reproducer(target.baseUrl, req);
      const seen = findings.get(key);
      if (seen) {
        seen.count += 1;
        if (repro.length < seen.reproducer.length) seen.reproducer = repro;
        continue;
      }
      findings.set(key, {
        operationId: op.operationId,
        rule: problem.rule,
        message: problem.message,
        reproducer: repro,
        count: 1,
        knownUntil: known?.fixedBy,
      });
    }
    return true;
  });
  await fc.assert(property, { seed: options.seed, numRuns: options.numRuns });
  return { findings: [...findings.values()], statuses };
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `- [${f.rule}] ${f.operationId} x${f.count}${f.knownUntil ? ` (known until ${f.knownUntil} merges)` : ''}: ${f.message}\n    ${f.reproducer}`,
    )
    .join('\n');
}
