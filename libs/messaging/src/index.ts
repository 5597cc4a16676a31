export * from './port/message-queue.port';
export * from './topology-names';
export * from './retry-schedule';
export * from './rabbitmq/broker';
export * from './rabbitmq/topology';
export * from './open-message-queue';
