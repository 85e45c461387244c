// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { toast } from '../../lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReorderNotice } from './reorder-notice';
import { requestReorderNotice } from './reorder-token';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(toast, 'info');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('useReorderNotice', () => {
  it("shows 'Order Loaded' once, about 1 s after load, even with StrictMode's doubled effects", () => {
    requestReorderNotice();
    const view = renderHook(() => useReorderNotice(), { wrapper: StrictMode });

    act(() => {
      vi.advanceTimersByTime(900);
    });
    expect(toast.info).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(toast.info).toHaveBeenCalledTimes(1);
    expect(toast.info).toHaveBeenCalledWith('Order Loaded', {
      description: 'Your previous order has been restored',
    });

    view.unmount();
    renderHook(() => useReorderNotice());
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(toast.info).toHaveBeenCalledTimes(1);
  });

  it('shows nothing without a reorder', () => {
    renderHook(() => useReorderNotice());
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('keeps the notice for the next load when the page is left within the second', () => {
    requestReorderNotice();
    const view = renderHook(() => useReorderNotice());
    act(() => {
      vi.advanceTimersByTime(500);
    });
    view.unmount();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(toast.info).not.toHaveBeenCalled();

    renderHook(() => useReorderNotice());
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(toast.info).toHaveBeenCalledTimes(1);
  });
});
