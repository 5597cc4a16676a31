import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts a caller's X-Request-Id (when sane) or makes one; it then follows the event everywhere. */
export const requestContext: RequestHandler = (req, res, next) => {
  const given = req.header('x-request-id');
  const requestId = given && SAFE_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', requestId);
  req.requestId = requestId;
  next();
};
