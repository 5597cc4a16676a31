import type { Channel, Lane } from '@herald/contracts';
import {
  consumerEndpointsDisabled,
  deadLetters,
  deliveriesHeld,
  deliveriesMoved,
  deliveryAttempts,
  deliveryLatency,
  notificationsFinished,
  providerRequestDuration,
  retriesScheduled,
} from '@herald/metrics';
import type { DeliveryDecision } from './delivery.decision';
import type { DeliveryOutcome } from './delivery-provider.port';

/** A provider call's outcome and duration: counted for every attempt made, recorded or not. */
export function observeAttempt(channel: Channel, outcome: DeliveryOutcome, seconds: number): void {
  deliveryAttempts.inc({ channel, outcome: outcome.kind });
  providerRequestDuration.observe({ channel }, seconds);
}

/**
 * What the recorded attempt did to its notification. Called only once the attempt is recorded,
 * so a redelivered message that changes nothing moves no counter either.
 */
export function observeDecision(channel: Channel, decision: DeliveryDecision, acceptedAt: Date, now = Date.now()): void {
  if (decision.kind === 'retry') {
    retriesScheduled.inc({ channel });
    return;
  }
  if (decision.kind === 'dead-letter') {
    deadLetters.inc({ channel });
    notificationsFinished.inc({ channel, status: 'failed' });
    return;
  }
  notificationsFinished.inc({ channel, status: 'delivered' });
  deliveryLatency.observe({ channel }, Math.max(0, (now - acceptedAt.getTime()) / 1000));
}

/** A delivery left `lane` before its send: its project's, or its destination's, sends there were slow and took their share. */
export function observeMoved(channel: Channel, lane: Lane, share: 'project' | 'destination'): void {
  deliveriesMoved.inc({ channel, lane, share });
}

/** A delivery to a rate-limited endpoint that did not go at once: it waited for its slot, or was requeued to it. */
export function observeHeld(channel: Channel, how: 'waited' | 'requeued'): void {
  deliveriesHeld.inc({ channel, how });
}

/** An endpoint Herald disabled because its deliveries kept failing. */
export function observeEndpointDisabled(): void {
  consumerEndpointsDisabled.inc();
}
