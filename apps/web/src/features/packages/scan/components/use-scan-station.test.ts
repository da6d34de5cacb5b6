import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScanLookup } from '@parceldesk/shared/schemas/package-scan';
import type { SaveResult } from '../offline/use-scan-sync';
import { useScanStation } from './use-scan-station';

vi.mock('../api/scan-api', () => ({
  lookupTracking: (trackingNumber: string): Promise<ScanLookup> => Promise.resolve({ trackingNumber, carrier: 'ups', existing: null, preAlert: null }),
}));

const FIRST = '1Z0000000000000001';
const NEXT = '1Z0000000000000002';

/** A save the test answers when it likes: a slow network. */
function slowSave() {
  let answer: (result: SaveResult) => void = () => undefined;
  const isOnForm: (() => boolean)[] = [];
  const save = vi.fn((_body: unknown, _label: string, onForm: () => boolean) => {
    isOnForm.push(onForm);
    return new Promise<SaveResult>((resolve) => { answer = resolve; });
  });
  return { save, isOnForm, answer: (result: SaveResult) => answer(result) };
}

type Station = { current: ReturnType<typeof useScanStation> };

async function scanAndWeigh(station: Station, number: string) {
  await act(() => station.current.lookUp(number));
  act(() => station.current.setMeasure('weight', '2'));
}

/** A parcel scanned, weighed and saved on a slow network: the save's promise, not yet answered. */
async function startSlowSave(slow: ReturnType<typeof slowSave>) {
  const { result: station } = renderHook(() => useScanStation(slow.save));
  await scanAndWeigh(station, FIRST);
  let submitted: Promise<unknown> = Promise.resolve();
  act(() => { submitted = station.current.submit(); });
  return { station, submitted };
}

async function answer(slow: ReturnType<typeof slowSave>, submitted: Promise<unknown>, result: SaveResult) {
  await act(async () => {
    slow.answer(result);
    await submitted;
  });
}

describe('the scan station while a save is slow', () => {
  it('a parcel scanned before the save answers stays on the form, and the save still confirms', async () => {
    const slow = slowSave();
    const { station, submitted } = await startSlowSave(slow);
    // The clerk scans the next parcel while the first is still on its way.
    await scanAndWeigh(station, NEXT);
    expect(slow.isOnForm[0]!()).toBe(false);
    await answer(slow, submitted, { status: 'queued', reason: 'The server is slow to answer' });
    await expect(submitted).resolves.toMatchObject({ status: 'queued', isNextParcel: true });
    expect(station.current.tracking).toBe(NEXT);
    expect(station.current.lookup).toMatchObject({ state: 'found', trackingNumber: NEXT });
    expect(station.current.measures.weight).toBe('2');
    expect(station.current.confirmation).toEqual({ kind: 'queued', trackingNumber: FIRST });
  });

  it('with nothing scanned meanwhile, the answered save clears the form for the next parcel', async () => {
    const slow = slowSave();
    const { station, submitted } = await startSlowSave(slow);
    expect(slow.isOnForm[0]!()).toBe(true);
    await answer(slow, submitted, { status: 'queued', reason: 'offline' });
    await expect(submitted).resolves.toMatchObject({ isNextParcel: false });
    expect(station.current.tracking).toBe('');
    expect(station.current.lookup).toEqual({ state: 'idle' });
  });
});
