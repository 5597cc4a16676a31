import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import { AddressPolicy } from '@herald/net-guard';
import { Router } from 'express';
import { guardedFetchText } from './guarded-web.client';
import { SesFeedbackRepository } from './ses-feedback.repository';
import { receiveSesFeedback, type FeedbackResult, type SesFeedbackDeps } from './ses-feedback.use-case';
import { SnsSignatureVerifier } from './sns-signature.verifier';

const STATUS: Record<FeedbackResult['outcome'], number> = {
  subscription_confirmed: 200,
  unsubscribed: 200,
  suppressed: 200,
  ignored: 200,
  invalid: 422,
  forbidden: 403,
  unavailable: 503,
};

/**
 * Provider feedback, outside any project: no API key, the SNS signature is the authentication.
 * SNS posts JSON as text/plain; the edge's body reader hands it over as a string, with the
 * route's own small limit from openapi.yaml.
 */
export function feedbackRoutes(deps: { db: Database; config: Config; logger: Logger }): Router {
  const fetchText = guardedFetchText(new AddressPolicy(deps.config.SSRF_ALLOW_CIDRS), { timeoutMs: 10_000, maxBytes: 64 * 1024 });
  const feedback: SesFeedbackDeps = {
    verifier: new SnsSignatureVerifier(fetchText, deps.config.SNS_TRUSTED_CERT_URL_PREFIX),
    repository: new SesFeedbackRepository(deps.db),
    fetchText,
    topics: deps.config.SNS_TOPIC_ARNS,
    logger: deps.logger,
  };
  const router = Router();
  router.post('/feedback/ses', async (req, res) => {
    const result = await receiveSesFeedback(feedback, req.body);
    const { outcome } = result;
    if (outcome === 'invalid') {
      res.status(422).json({ detail: [{ loc: ['body'], msg: result.detail, type: 'value_error' }] });
      return;
    }
    if (outcome === 'forbidden' || outcome === 'unavailable') {
      res.status(STATUS[outcome]).json({ detail: result.detail });
      return;
    }
    res.status(STATUS[outcome]).json(result);
  });
  return router;
}
