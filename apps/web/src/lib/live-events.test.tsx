import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AuthContextValue } from './auth-context';
import { renderWithProviders } from '../test/render';
import { backoffDelay, onTicketEvent, useLiveEvents } from './live-events';

const auth = vi.hoisted(() => ({ current: {} as Partial<AuthContextValue> }));
vi.mock('./auth-context', () => ({ useAuth: () => auth.current }));

/** A stand-in EventSource that records each connection and lets the test fire its events. */
class FakeEventSource {
  static made: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  isClosed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function Live() {
  useLiveEvents();
  return null;
}

let view: ReturnType<typeof renderWithProviders> | null = null;
function mount(client: QueryClient) {
  view = renderWithProviders(
    <>
      <Live />
      <Live />
    </>,
    { client },
  );
  return view;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  localStorage.setItem('token', 'tok-1');
  auth.current = { status: 'authenticated' };
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  // The stream is shared module state: end it before the next test.
  view?.unmount();
  view = null;
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('useLiveEvents', () => {
  it('opens one stream per session, with the token in the query, and closes it when the shell goes', () => {
    mount(new QueryClient()).unmount();
    expect(FakeEventSource.made).toHaveLength(1);
    expect(FakeEventSource.made[0]?.url).toBe('/api/events/stream?token=tok-1');
    vi.runOnlyPendingTimers();
    expect(FakeEventSource.made[0]?.isClosed).toBe(true);
  });

  it('refreshes the unread counts and ticket screens at once on a tickets event', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const heard = vi.fn();
    const stop = onTicketEvent(heard);
    mount(client);
    const event = { kind: 'ticket.created', ticketId: 't1', ticketNo: 'TKT-000001', status: 'pending' };
    FakeEventSource.made[0]?.emit('tickets', event);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ticket-counts'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tickets'] });
    expect(heard).toHaveBeenCalledWith(event);
    stop();
  });

  it('refreshes the manifest list and detail on a manifests event, and on a reconciliation\'s', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    mount(client);
    FakeEventSource.made[0]?.emit('manifests', { kind: 'manifest.status', manifestId: 'm1', status: 'closed' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['manifests'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['data-table', '/manifests'] });
    invalidate.mockClear();
    FakeEventSource.made[0]?.emit('reconciliations', { kind: 'reconciliation.finished', manifestId: 'm1', reconciliationId: 'r1' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['data-table', '/manifests'] });
  });

  it('refreshes the header bell and the notifications page on a notifications event (issue 14)', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    mount(client);
    FakeEventSource.made[0]?.emit('notifications', { kind: 'notification.created' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notification-counts'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['data-table', '/notifications'] });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['ticket-counts'] });
  });

  it('reconnects after a failure with a growing delay, and recounts once back', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    mount(client);
    const first = FakeEventSource.made[0];
    first?.onerror?.(new Event('error'));
    expect(first?.isClosed).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.made).toHaveLength(2);
    FakeEventSource.made[1]?.onerror?.(new Event('error'));
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(1001);
    expect(FakeEventSource.made).toHaveLength(3);
    FakeEventSource.made[2]?.onopen?.();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ticket-counts'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notification-counts'] });
  });

  it('stays closed for a signed-out visitor', () => {
    auth.current = { status: 'anonymous' };
    mount(new QueryClient());
    expect(FakeEventSource.made).toHaveLength(0);
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s, with jitter in the upper half', () => {
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
  });
});
