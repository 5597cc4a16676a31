'use strict';
/**
 * How every bare-pipeline process connects to RabbitMQ: as Herald does (Nagle off, and each batch
 * of frames written in one syscall), so the baseline is as fast as the same hops allow and a
 * ratio measures Herald's own overhead, not a difference in socket handling.
 */
const amqp = require('amqplib');
const { coalesceFrameWrites } = require('@herald/messaging/dist/rabbitmq/coalesced-frame-writes');

async function connectBroker(url) {
  const conn = await amqp.connect(url, { noDelay: true });
  if (!coalesceFrameWrites(conn.connection)) throw new Error('bare pipeline: amqplib internals changed; frames cannot be coalesced');
  return conn;
}

module.exports = { connectBroker };
