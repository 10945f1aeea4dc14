import { beforeEach, describe, expect, it } from 'vitest';
import { $loadingCount, hideLoading, showLoading, withLoading } from '../../src/lib/loading.ts';

beforeEach(() => $loadingCount.set(0));

describe('loading overlay counter', () => {
  it('stays shown until every nested operation ends', () => {
    showLoading();
    showLoading();
    hideLoading();
    expect($loadingCount.get()).toBe(1);
    hideLoading();
    expect($loadingCount.get()).toBe(0);
  });

  it('never drops below zero', () => {
    hideLoading();
    hideLoading();
    showLoading();
    expect($loadingCount.get()).toBe(1);
  });

  it('closes after a task, including a failing one (spec §8)', async () => {
    await expect(withLoading(async () => 'done')).resolves.toBe('done');
    expect($loadingCount.get()).toBe(0);
    const failing = withLoading(async () => {
      expect($loadingCount.get()).toBe(1);
      throw new Error('network');
    });
    await expect(failing).rejects.toThrow('network');
    expect($loadingCount.get()).toBe(0);
  });
});
