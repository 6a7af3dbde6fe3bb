import type { EventHub, HubEvent } from './event-hub.ts';

/**
 * - connecting: subscribing to the hub; events that arrive meanwhile wait their turn.
 * - replaying: sending the reader what it lacks (from the hub's log, or from the stored state).
 * - live: forwarding the hub's events as they come.
 * - polling: the hub does not hold the stream (it is written on another instance, or by nobody
 *   any more): the stored state is read every `pollMs` until it ends, or until the hub has events.
 * - ended: the last event was sent, or the reader left; nothing more is sent.
 */
export type FollowerState = 'connecting' | 'replaying' | 'live' | 'polling' | 'ended';

/** How one kind of stream reads to its reader; it sends on its own sink. */
export interface StreamView<E> {
  /**
   * Where to start in the hub's log (read at every subscription): from what the reader has, e.g.
   * its Last-Event-ID when ids are the hub's; null: from the start.
   */
  readonly after: string | null;
  /** The hub holds the stream: send what the reader lacks, given the hub's events after `after`. */
  replay(missed: HubEvent<E>[]): void;
  /** One live event, in order. */
  apply(event: HubEvent<E>): void;
  /**
   * The hub does not hold the stream: bring the reader up to date from the stored state (`first`:
   * the reader has nothing from this follower yet). Answers whether the stream is over (its final
   * event sent).
   */
  catchUpFromStore(first: boolean): Promise<boolean>;
}

/** When the stream is written elsewhere and no hub reaches it, the stored state is read this often. */
export const POLL_INTERVAL_MS = 500;

export interface FollowerOptions {
  pollMs?: number;
  /** Called on every change of state (tests, logs). */
  onTransition?: (from: FollowerState, to: FollowerState) => void;
  /** A failure after the first byte (a stored read that threw): the view cannot send more. */
  onError?: (err: unknown) => void;
}

/**
 * Follows one stream for one reader: the same machinery for a reply and for any stream of events,
 * the view deciding what the reader gets. Ownership must be checked before. `end` runs once, when
 * the follower ends (the reader's connection is closed then).
 */
export class StreamFollower<E> {
  private current: FollowerState = 'connecting';
  private early: HubEvent<E>[] = [];
  private pollTimer: NodeJS.Timeout | undefined;
  private unsubscribe = () => {};

  constructor(
    private readonly hub: EventHub<E>,
    private readonly streamId: string,
    private readonly view: StreamView<E>,
    private readonly end: () => void,
    private readonly options: FollowerOptions = {},
  ) {}

  get state(): FollowerState {
    return this.current;
  }

  /** Subscribes and sends the first events; resolves once the follower is live, polling or ended. */
  async start(): Promise<void> {
    this.early = [];
    const subscription = await this.hub.subscribe(this.streamId, this.view.after, (event) => this.onEvent(event));
    if (this.current === 'ended') {
      // The reader left while connecting.
      subscription.unsubscribe();
      return;
    }
    this.unsubscribe = subscription.unsubscribe;
    this.moveTo('replaying');
    if (subscription.known) {
      this.view.replay(subscription.missed);
      if (subscription.missed.at(-1)?.last) return this.stop();
      this.goLive();
      return;
    }
    const over = await this.view.catchUpFromStore(true);
    if (this.current !== 'replaying') return;
    if (over) return this.stop();
    if (this.early.length > 0) return this.resubscribe();
    this.moveTo('polling');
    this.schedulePoll();
  }

  /** Ends following (the reader left, or the server closes): nothing more is sent. Safe to call twice. */
  stop(): void {
    if (this.current === 'ended') return;
    this.moveTo('ended');
    clearTimeout(this.pollTimer);
    this.unsubscribe();
    this.early = [];
    this.end();
  }

  private moveTo(next: FollowerState): void {
    const previous = this.current;
    this.current = next;
    this.options.onTransition?.(previous, next);
  }

  private onEvent(event: HubEvent<E>): void {
    // The hub calls this from the writer's publish: a failing reader must not fail the writer.
    try {
      this.handle(event);
    } catch (err) {
      this.options.onError?.(err);
      this.stop();
    }
  }

  private handle(event: HubEvent<E>): void {
    switch (this.current) {
      case 'connecting':
      case 'replaying':
        this.early.push(event);
        return;
      case 'live':
        this.view.apply(event);
        if (event.last) this.stop();
        return;
      case 'polling':
        // The stream is now written here (e.g. a retry on this instance): follow the hub again, from its log.
        void this.resubscribe();
        return;
      case 'ended':
        return;
    }
  }

  private goLive(): void {
    this.moveTo('live');
    for (const event of this.early.splice(0)) {
      if (this.current !== 'live') return;
      this.view.apply(event);
      if (event.last) this.stop();
    }
  }

  private async resubscribe(): Promise<void> {
    clearTimeout(this.pollTimer);
    this.unsubscribe();
    this.unsubscribe = () => {};
    this.moveTo('connecting');
    await this.start();
  }

  private schedulePoll(): void {
    this.pollTimer = setTimeout(() => {
      this.view
        .catchUpFromStore(false)
        .then((over) => {
          if (this.current !== 'polling') return;
          if (over) this.stop();
          else this.schedulePoll();
        })
        .catch((err: unknown) => {
          this.options.onError?.(err);
          if (this.current === 'polling') this.schedulePoll();
        });
    }, this.options.pollMs ?? POLL_INTERVAL_MS);
  }
}
