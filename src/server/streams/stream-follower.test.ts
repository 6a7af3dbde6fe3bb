import { describe, expect, it, vi } from 'vitest';
import type { EventHub, HubEvent } from './event-hub.ts';
import { createInProcessHub } from './in-process-hub.ts';
import { StreamFollower, type FollowerState, type StreamView } from './stream-follower.ts';

type Event = { n: number };

/** A view that records what the follower asks of it; the stored state is what the test puts there. */
function recordingView(stored: { over: boolean; fail?: boolean } = { over: false }) {
  const calls: string[] = [];
  const view: StreamView<Event> = {
    after: null,
    replay: (missed) => void calls.push(`replay ${missed.map((e) => e.event.n).join(',')}`),
    apply: (event: HubEvent<Event>) => void calls.push(`apply ${event.event.n}`),
    catchUpFromStore: async (first) => {
      calls.push(first ? 'store first' : 'store poll');
      if (stored.fail) throw new Error('database away');
      return stored.over;
    },
  };
  return { view, calls, stored };
}

function follow(hub: EventHub<Event>, streamId: string, view: StreamView<Event>, pollMs = 5) {
  const states: FollowerState[] = ['connecting'];
  const end = vi.fn();
  const errors: unknown[] = [];
  const follower = new StreamFollower(hub, streamId, view, end, {
    pollMs,
    onTransition: (_from, to) => states.push(to),
    onError: (err) => errors.push(err),
  });
  return { follower, states, end, errors };
}

describe('StreamFollower', () => {
  it('connecting -> replaying -> live -> ended for a stream the hub holds: the log, then live events, then the last', async () => {
    const hub = createInProcessHub<Event>();
    hub.open('s');
    hub.publish('s', { n: 1 });
    hub.publish('s', { n: 2 });
    const { view, calls } = recordingView();
    const { follower, states, end } = follow(hub, 's', view);
    await follower.start();
    expect(follower.state).toBe('live');
    hub.publish('s', { n: 3 });
    hub.end('s', { n: 4 });
    expect(calls).toEqual(['replay 1,2', 'apply 3', 'apply 4']);
    expect(states).toEqual(['connecting', 'replaying', 'live', 'ended']);
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('sends events published while it was connecting after the replay, each once and in order', async () => {
    const hub = createInProcessHub<Event>();
    hub.open('s');
    hub.publish('s', { n: 1 });
    // A hub whose subscription resolves a moment later, while the writer goes on publishing.
    const slow: EventHub<Event> = {
      ...hub,
      subscribe: async (streamId, afterId, listener) => {
        const subscription = await hub.subscribe(streamId, afterId, listener);
        hub.publish('s', { n: 2 });
        hub.publish('s', { n: 3 });
        return subscription;
      },
    };
    const { view, calls } = recordingView();
    const { follower } = follow(slow, 's', view);
    await follower.start();
    hub.publish('s', { n: 4 });
    expect(calls).toEqual(['replay 1', 'apply 2', 'apply 3', 'apply 4']);
    follower.stop();
  });

  it('connecting -> replaying -> ended for a stream that is over: the stored state says so at once', async () => {
    const hub = createInProcessHub<Event>();
    const { view, calls } = recordingView({ over: true });
    const { follower, states, end } = follow(hub, 'done', view);
    await follower.start();
    expect(calls).toEqual(['store first']);
    expect(states).toEqual(['connecting', 'replaying', 'ended']);
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('replaying -> polling for a stream written elsewhere, reading the stored state until it is over', async () => {
    const hub = createInProcessHub<Event>();
    const { view, calls, stored } = recordingView({ over: false });
    const { follower, states, end } = follow(hub, 'elsewhere', view);
    await follower.start();
    expect(follower.state).toBe('polling');
    await vi.waitFor(() => expect(calls.filter((c) => c === 'store poll').length).toBeGreaterThanOrEqual(2));
    stored.over = true;
    await vi.waitFor(() => expect(follower.state).toBe('ended'));
    expect(states).toEqual(['connecting', 'replaying', 'polling', 'ended']);
    expect(calls[0]).toBe('store first');
    expect(end).toHaveBeenCalledTimes(1);
  });

  it('polling -> connecting -> replaying -> live when the stream starts being written here: the hub log replaces polling', async () => {
    const hub = createInProcessHub<Event>();
    const { view, calls } = recordingView({ over: false });
    const { follower, states } = follow(hub, 'retried', view, 60_000);
    await follower.start();
    expect(follower.state).toBe('polling');
    hub.open('retried');
    hub.publish('retried', { n: 1 });
    await vi.waitFor(() => expect(follower.state).toBe('live'));
    hub.publish('retried', { n: 2 });
    expect(calls).toEqual(['store first', 'replay 1', 'apply 2']);
    expect(states).toEqual(['connecting', 'replaying', 'polling', 'connecting', 'replaying', 'live']);
    follower.stop();
  });

  it('keeps polling through a failed read, and reports it', async () => {
    const hub = createInProcessHub<Event>();
    const { view, calls, stored } = recordingView({ over: false });
    const { follower, errors } = follow(hub, 'flaky', view);
    await follower.start();
    stored.fail = true;
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(1));
    stored.fail = false;
    stored.over = true;
    await vi.waitFor(() => expect(follower.state).toBe('ended'));
    expect(calls.filter((c) => c === 'store poll').length).toBeGreaterThanOrEqual(2);
  });

  it('ends for good when the reader leaves: no more events, no listener left on the hub', async () => {
    const hub = createInProcessHub<Event>();
    hub.open('s');
    const { view, calls } = recordingView();
    const { follower, end } = follow(hub, 's', view);
    await follower.start();
    follower.stop();
    follower.stop();
    hub.publish('s', { n: 1 });
    expect(calls).toEqual(['replay ']);
    expect(end).toHaveBeenCalledTimes(1);
    // A later reader still gets the whole log: the first one's leaving changed nothing for it.
    const other = recordingView();
    const second = follow(hub, 's', other.view);
    await second.follower.start();
    expect(other.calls).toEqual(['replay 1']);
    second.follower.stop();
  });

  it('ends without subscribing when the reader leaves while it is connecting', async () => {
    const hub = createInProcessHub<Event>();
    const unsubscribed = vi.fn();
    const slow: EventHub<Event> = {
      ...hub,
      subscribe: async (streamId, afterId, listener) => {
        const subscription = await hub.subscribe(streamId, afterId, listener);
        follower.stop();
        return { ...subscription, unsubscribe: () => (unsubscribed(), subscription.unsubscribe()) };
      },
    };
    const { view, calls } = recordingView();
    const { follower, states } = follow(slow, 's', view);
    await follower.start();
    expect(states).toEqual(['connecting', 'ended']);
    expect(unsubscribed).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });

  it('stops a failing view without failing the writer', async () => {
    const hub = createInProcessHub<Event>();
    hub.open('s');
    const { view } = recordingView();
    view.apply = () => {
      throw new Error('broken view');
    };
    const { follower, errors } = follow(hub, 's', view);
    await follower.start();
    expect(() => hub.publish('s', { n: 1 })).not.toThrow();
    expect(follower.state).toBe('ended');
    expect(errors).toHaveLength(1);
  });
});
