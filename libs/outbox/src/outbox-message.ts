/** A message waiting in PostgreSQL for the relay; written in the same transaction as the change it announces. */
export interface OutboxMessage {
  exchange: string;
  routingKey: string;
  payload: unknown;
  headers: Record<string, string>;
}
