/**
 * The contract of an event hub: named streams, each an ordered log of events that one writer
 * appends to and any number of readers follow, from the start or from an event they already have.
 * Written so an implementation on Redis Streams fits it (XADD per event, XRANGE to replay, XREAD
 * BLOCK to follow; ids are then Redis entry ids), and so a reader that reconnects to another
 * instance with the id of the last event it got resumes without loss. Plain pub/sub could not:
 * it loses what is published while a reader reconnects.
 *
 * `tests/contracts/event-hub.contract.ts` states the contract as tests; every implementation runs them.
 */

/** One event of a stream as readers get it. */
export interface HubEvent<E> {
  /**
   * Opaque and unique within the hub; within a stream, later events have later ids, and a
   * stream opened again (a retried reply) continues after every earlier id. Readers hand it back
   * as `afterId`; they never compare or parse it.
   */
  id: string;
  event: E;
  /** The stream's last event: nothing follows it. */
  last: boolean;
}

export interface HubSubscription<E> {
  /**
   * Whether the hub holds the stream. False when it was never opened here, or was forgotten
   * after its last event (at once or after a while): read its durable state instead.
   */
  known: boolean;
  /** The events after `afterId` the hub still holds (every one when `afterId` is null), oldest first. */
  missed: HubEvent<E>[];
  /** No more events reach the listener. */
  unsubscribe(): void;
}

export interface EventHub<E> {
  /** Starts a stream with an empty log, forgetting any earlier one of the same name. */
  open(streamId: string): void;
  /**
   * Appends an event. Returns at once (a networked hub sends in the background, in order); events
   * are JSON-serialisable. Publishing to a stream that is not open opens it.
   */
  publish(streamId: string, event: E): void;
  /** Appends the stream's last event. Afterwards the hub may forget the stream at any time. */
  end(streamId: string, event: E): void;
  /**
   * `missed` replays what the reader lacks, then `listener` gets every later event in order, with
   * no gap and no repeat, until unsubscribe (it may be called before the returned promise
   * resolves; such events come after `missed`). A stream that is not known yet is followed too:
   * its first events reach the listener when it is opened.
   */
  subscribe(streamId: string, afterId: string | null, listener: (event: HubEvent<E>) => void): Promise<HubSubscription<E>>;
  close(): Promise<void>;
}
