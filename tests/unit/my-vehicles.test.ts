import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeListing,
  deleteSelectionError,
  deleteVehicle,
  fitWidth,
  hasPublicPage,
  loadMyVehicles,
  ownerCanCloseListing,
  remove360,
  searchWithStatus,
  statusFromSearch,
  statusSlug,
  statusTone,
} from '../../src/lib/my-vehicles.ts';
import { $token } from '../../src/lib/session.ts';

describe('the status filter in the URL', () => {
  it('reads a status by its name or its id', () => {
    expect(statusFromSearch('?status=pending')).toBe(95);
    expect(statusFromSearch('?status=accepted')).toBe(96);
    expect(statusFromSearch('?status=rejected')).toBe(97);
    expect(statusFromSearch('?status=withdrawn')).toBe(98);
    expect(statusFromSearch('?status=sold')).toBe(99);
    expect(statusFromSearch('?status=96')).toBe(96);
    expect(statusFromSearch('?x=1&status=%20Sold%20')).toBe(99);
  });

  it('lists every status for nothing, "all" or anything unknown', () => {
    for (const search of [
      '',
      '?',
      '?status=',
      '?status=all',
      '?status=0',
      '?status=42',
      '?status=x',
    ])
      expect(statusFromSearch(search), search).toBe(0);
  });

  it('writes the chosen status by name and keeps the other parameters', () => {
    expect(searchWithStatus('', 96)).toBe('?status=accepted');
    expect(searchWithStatus('?a=1&status=pending', 99)).toBe('?a=1&status=sold');
    expect(searchWithStatus('?status=sold', 0)).toBe('');
    expect(searchWithStatus('?a=1&status=sold', 0)).toBe('?a=1');
    expect(searchWithStatus('?status=sold', 12345)).toBe('');
  });

  it('round-trips every choice', () => {
    for (const id of [0, 95, 96, 97, 98, 99]) {
      expect(statusFromSearch(searchWithStatus('', id))).toBe(id);
    }
    expect(statusSlug(98)).toBe('withdrawn');
    expect(statusSlug(7)).toBeNull();
  });
});

describe('what each status shows and allows', () => {
  it('colours accepted green, pending yellow and every other status red (spec §4)', () => {
    expect(statusTone(96)).toBe('accepted');
    expect(statusTone(95)).toBe('pending');
    for (const id of [97, 98, 99, 0]) expect(statusTone(id)).toBe('other');
  });

  it('offers sold and withdraw only for an accepted vehicle', () => {
    expect(ownerCanCloseListing(96)).toBe(true);
    for (const id of [95, 97, 98, 99]) expect(ownerCanCloseListing(id)).toBe(false);
  });

  it('links the public page of accepted and sold vehicles only', () => {
    expect(hasPublicPage(96)).toBe(true);
    expect(hasPublicPage(99)).toBe(true);
    for (const id of [95, 97, 98]) expect(hasPublicPage(id)).toBe(false);
  });

  it('refuses to delete without a selected vehicle (spec §5)', () => {
    expect(deleteSelectionError(12)).toBeNull();
    for (const id of [0, -1, 1.5, Number.NaN, null, undefined]) {
      expect(deleteSelectionError(id)).toBe('item_select');
    }
  });
});

describe('fitWidth (360 images at most 4096 px wide)', () => {
  it('keeps an image that already fits', () => {
    expect(fitWidth(4096, 2048, 4096)).toEqual({ width: 4096, height: 2048, scaled: false });
    expect(fitWidth(2000, 1000, 4096)).toEqual({ width: 2000, height: 1000, scaled: false });
  });

  it('scales a wider one down, keeping its shape', () => {
    expect(fitWidth(12000, 6000, 4096)).toEqual({ width: 4096, height: 2048, scaled: true });
    expect(fitWidth(8193, 4001, 4096)).toEqual({ width: 4096, height: 2000, scaled: true });
    expect(fitWidth(100000, 1, 4096).height).toBe(1);
  });

  it('leaves sizes it cannot read alone', () => {
    expect(fitWidth(0, 0, 4096).scaled).toBe(false);
    expect(fitWidth(Number.NaN, 10, 4096).scaled).toBe(false);
  });
});

describe('the calls', () => {
  type Call = { url: string; init: RequestInit };
  let calls: Call[];

  function answer(status: number, body: unknown) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: input instanceof Request ? input.url : String(input), init: init ?? {} });
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  }

  beforeEach(() => {
    calls = [];
    $token.set('a.b.c');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    $token.set(undefined);
  });

  it('lists the vehicles of one status, or of all with 0', async () => {
    answer(200, { success: true, message: '', data: [{ id: 3 }] });
    await expect(loadMyVehicles(96, 'en')).resolves.toEqual([{ id: 3 }]);
    await loadMyVehicles(0, 'ar');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/Vehicle/GetMyVehicles?statusId=96',
      '/api/Vehicle/GetMyVehicles?statusId=0',
    ]);
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer a.b.c');
  });

  it('treats an answer without a list as no vehicles', async () => {
    answer(200, { success: true, message: '', data: null });
    await expect(loadMyVehicles(0, 'ar')).resolves.toEqual([]);
  });

  it('deletes by Id, changes the status with an empty reply, and removes a 360 with ""', async () => {
    answer(200, { success: true, message: '', data: { id: 4, statusId: 99, statusName: 'Sold' } });
    await deleteVehicle(4, 'ar');
    await closeListing(4, 99, 'ar');
    await remove360(4, 'ar');
    expect(calls[0]!.url).toBe('/api/Vehicle/DeleteVehicle?Id=4');
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(calls[1]!.url).toBe('/api/Vehicle/UpdateVehicleStatus');
    expect(calls[1]!.init.method).toBe('PUT');
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({
      vehicleId: 4,
      statusId: 99,
      messageReplay: '',
    });
    expect(calls[2]!.url).toBe('/api/Vehicle/UpdateVehicleImage360');
    expect(JSON.parse(String(calls[2]!.init.body))).toEqual({ id: 4, imagePath: '' });
  });

  it('rejects a 401 with "user not allowed" (spec §8)', async () => {
    answer(401, { success: false, message: 'Unauthorized', data: null });
    await expect(deleteVehicle(4, 'ar')).rejects.toThrow('المستخدم غير مسموح له');
  });
});
