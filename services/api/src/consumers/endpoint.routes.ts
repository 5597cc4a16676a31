import { DEFAULT_GRACE_PERIOD_S } from '../api-keys/rotation-policy';
import { routes, type RouteTable } from '../http/route-table';
import { callerOf, pageOf, stringQuery } from '../http/caller';
import type { EndpointsService } from './endpoints.service';
import type { DeadLettersService } from '../dead-letters/dead-letters.service';
import { replayEndpointFailures } from './replay-endpoint-failures.use-case';
import { sendTestEvent, type TestEventDeps } from './send-test-event.use-case';

const ONE = '/consumers/:uid/endpoints/:endpoint_id';

export function endpointRoutes({
  endpoints,
  testEvents,
  deadLetters,
}: {
  endpoints: EndpointsService;
  testEvents: TestEventDeps;
  deadLetters: DeadLettersService;
}): RouteTable {
  const router = routes();

  router.get('/consumers/:uid/endpoints', async (req, res) => {
    res.json(await endpoints.list(callerOf(req).projectId, req.params.uid, pageOf(req)));
  });

  router.post('/consumers/:uid/endpoints', async (req, res) => {
    res.status(201).json(await endpoints.create(callerOf(req).projectId, req.params.uid, req.body));
  });

  router.get(ONE, async (req, res) => {
    res.json(await endpoints.get(callerOf(req).projectId, req.params.uid, req.params.endpoint_id));
  });

  router.patch(ONE, async (req, res) => {
    res.json(await endpoints.update(callerOf(req).projectId, req.params.uid, req.params.endpoint_id, req.body));
  });

  router.delete(ONE, async (req, res) => {
    await endpoints.remove(callerOf(req).projectId, req.params.uid, req.params.endpoint_id);
    res.status(204).end();
  });

  router.post(`${ONE}/secret/rotate`, async (req, res) => {
    const grace = req.body?.grace_period_seconds ?? DEFAULT_GRACE_PERIOD_S;
    res.json(await endpoints.rotateSecret(callerOf(req).projectId, req.params.uid, req.params.endpoint_id, grace));
  });

  router.post(`${ONE}/enable`, async (req, res) => {
    res.json(await endpoints.setEnabled(callerOf(req).projectId, req.params.uid, req.params.endpoint_id, true));
  });

  router.post(`${ONE}/disable`, async (req, res) => {
    res.json(await endpoints.setEnabled(callerOf(req).projectId, req.params.uid, req.params.endpoint_id, false, req.body?.reason));
  });

  router.post(`${ONE}/test`, async (req, res) => {
    res.status(202).json(await sendTestEvent(testEvents, callerOf(req), req.params.uid, req.params.endpoint_id, req.body ?? {}));
  });

  router.get(`${ONE}/deliveries`, async (req, res) => {
    const { uid, endpoint_id } = req.params;
    res.json(await endpoints.deliveries(callerOf(req).projectId, uid, endpoint_id, stringQuery(req, 'status'), pageOf(req)));
  });

  router.get(`${ONE}/deliveries/:notification_id`, async (req, res) => {
    const { uid, endpoint_id, notification_id } = req.params;
    res.json(await endpoints.delivery(callerOf(req).projectId, uid, endpoint_id, notification_id));
  });

  router.post(`${ONE}/replay`, async (req, res) => {
    const { uid, endpoint_id } = req.params;
    res.json(await replayEndpointFailures({ endpoints, deadLetters }, callerOf(req), uid, endpoint_id, req.body));
  });

  return router;
}
