import { routes, type RouteTable } from '../http/route-table';
import { receiveSesFeedback, type SesFeedbackDeps } from './ses-feedback.use-case';

/**
 * Provider feedback, outside any project: no API key, the SNS signature is the authentication.
 * SNS posts JSON as text/plain; the edge's body reader hands it over as a string, with the
 * route's own small limit from openapi.yaml.
 */
export function feedbackRoutes(feedback: SesFeedbackDeps): RouteTable {
  const router = routes();
  router.post('/feedback/ses', async (req, res) => {
    res.status(200).json(await receiveSesFeedback(feedback, req.body));
  });
  return router;
}
