import fc from 'fast-check';
import { knownFailure } from './known-failures';
import type { Operation } from './openapi-operations';
import { isValidCredential, requestArbitrary, type Credential, type FuzzRequest } from './operation-request.arbitrary';
import { credentialHeaders, reproducer, send } from './fuzz-request.sender';
import { withRealIds, type PlaneWorld } from './plane-world';
import { ANSWERED_BEFORE_AUTHENTICATION, responseProblems, type Problem } from './response.checks';
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
  /** The control and admin planes' world (bearer operations): the current one, and a fresh one for when a request changed it. */
  plane?: { current(): PlaneWorld; renew(): Promise<void> };
}

/** A request that succeeded in changing something may have destroyed what later requests need (a deleted organization, a logged-out token). */
const changedSomething = (req: FuzzRequest, status: number) => req.method !== 'get' && status >= 200 && status < 300;

function naming(req: FuzzRequest, world: PlaneWorld | undefined): FuzzRequest {
  if (!world) return req;
  return {
    ...req,
    url: withRealIds(req.url, world),
    ...(req.body ? { body: { ...req.body, text: withRealIds(req.body.text, world) } } : {}),
  };
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
  options: { seed: number; numRuns: number; credential?: Credential },
): Promise<{ findings: Finding[]; statuses: Record<number, number>; pastAuthentication: number }> {
  const findings = new Map<string, Finding>();
  const statuses: Record<number, number> = {};
  // Requests with a credential the caller holds that were surely looked at past it (a 404 may be the route or the membership: not counted).
  let pastAuthentication = 0;
  const plane = op.bearer ? target.plane : undefined;
  const property = fc.asyncProperty(requestArbitrary(op, world, options.credential), async (generated) => {
    const current = plane?.current();
    const req = naming(generated, current);
    const res = await send(target.baseUrl, credentialHeaders(req, op.bearer, { key: target.key, bearer: current?.bearer }), req);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (isValidCredential(req.credential) && res.status !== 0 && !ANSWERED_BEFORE_AUTHENTICATION.includes(res.status))
      pastAuthentication += 1;
    if (plane && changedSomething(req, res.status)) await plane.renew();
    for (const problem of responseProblems(op, req, res)) {
      const known = knownFailure(op, req, res, problem);
      // Excused and unexcused instances of one problem stay apart, so neither hides the other.
      const key = `${findingKey(op.operationId, problem)}|${known?.fixedBy ?? ''}`;
      const repro = reproducer(target.baseUrl, req, op.bearer);
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
  return { findings: [...findings.values()], statuses, pastAuthentication };
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `- [${f.rule}] ${f.operationId} x${f.count}${f.knownUntil ? ` (known until ${f.knownUntil} merges)` : ''}: ${f.message}\n    ${f.reproducer}`,
    )
    .join('\n');
}
