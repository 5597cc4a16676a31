import { AddressPolicy } from '@herald/net-guard';
import type { Area } from '../http/area';
import type { Infrastructure } from '../shared/infrastructure';
import { feedbackRepositories } from './feedback.repositories';
import { feedbackRoutes } from './feedback.routes';
import { guardedFetchText } from './guarded-web.client';
import { SnsSignatureVerifier } from './sns-signature.verifier';

/** Amazon SES bounces and complaints, delivered by SNS. */
export function feedbackArea({ db, config, logger }: Infrastructure): Area {
  const fetchText = guardedFetchText(new AddressPolicy(config.SSRF_ALLOW_CIDRS), { timeoutMs: 10_000, maxBytes: 64 * 1024 });
  return {
    routes: feedbackRoutes({
      verifier: new SnsSignatureVerifier(fetchText, config.SNS_TRUSTED_CERT_URL_PREFIX),
      repository: feedbackRepositories(db).sesFeedback,
      fetchText,
      topics: config.SNS_TOPIC_ARNS,
      logger,
    }),
  };
}
