import type { Config } from '@herald/config';
import type { Database } from '@herald/db';
import type { Logger } from '@herald/logger';
import { AddressPolicy } from '@herald/net-guard';
import { Router } from 'express';
import { guardedFetchText } from './guarded-web.client';
import { SesFeedbackRepository } from './ses-feedback.repository';
import { receiveSesFeedback, type SesFeedbackDeps } from './ses-feedback.use-case';
import { SnsSignatureVerifier } from './sns-signature.verifier';

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
    res.status(200).json(await receiveSesFeedback(feedback, req.body));
  });
  return router;
}
