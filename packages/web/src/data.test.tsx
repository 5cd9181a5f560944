// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useData } from './data.js';

/** A request whose answer comes when the test says. */
function later<T>(): { promise: Promise<T>; answer: (value: T) => void; fail: (e: unknown) => void } {
  let answer: (value: T) => void = () => undefined;
  let fail: (e: unknown) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

afterEach(cleanup);

describe('useData', () => {
  it('drops a late answer to an older request: the newer one stays', async () => {
    const asked = new Map([
      ['a', later<string>()],
      ['b', later<string>()],
    ]);
    const { result, rerender } = renderHook(
      ({ id }) => useData(() => asked.get(id)?.promise ?? Promise.reject(new Error('not asked')), [id]),
      {
        initialProps: { id: 'a' },
      },
    );
    expect(result.current).toMatchObject({ data: null, loading: true });
    rerender({ id: 'b' });
    await act(async () => {
      asked.get('b')?.answer('answer for b');
      await Promise.resolve();
    });
    expect(result.current).toMatchObject({ data: 'answer for b', loading: false, error: null });
    // The old request answers last: too late, it is not shown.
    await act(async () => {
      asked.get('a')?.answer('answer for a');
      await Promise.resolve();
    });
    expect(result.current.data).toBe('answer for b');
  });

  it('drops a late failure too, and an answer that comes after the component left', async () => {
    const first = later<string>();
    const second = later<string>();
    const calls = [first, second];
    const { result, rerender, unmount } = renderHook(
      ({ id }) => useData(() => calls[id]?.promise ?? Promise.reject(new Error('not asked')), [id]),
      {
        initialProps: { id: 0 },
      },
    );
    rerender({ id: 1 });
    await act(async () => {
      first.fail(new Error('old'));
      await Promise.resolve();
    });
    expect(result.current).toMatchObject({ data: null, error: null, loading: true });
    unmount();
    second.answer('gone');
    await Promise.resolve();
    expect(result.current.data).toBe(null);
  });

  it('keeps the last answer while new deps load, with `keep`; a failure is its error', async () => {
    const answers = [later<number>(), later<number>()];
    const { result, rerender } = renderHook(
      ({ n }) => useData(() => answers[n]?.promise ?? Promise.reject(new Error('not asked')), [n], { keep: true }),
      { initialProps: { n: 0 } },
    );
    await act(async () => {
      answers[0]?.answer(10);
      await Promise.resolve();
    });
    rerender({ n: 1 });
    expect(result.current).toMatchObject({ data: 10, loading: true });
    const failure = new Error('down');
    await act(async () => {
      answers[1]?.fail(failure);
      await Promise.resolve();
    });
    expect(result.current).toMatchObject({ data: 10, error: failure, loading: false });
  });

  it('asks nothing without a loader, and `reload` asks again', async () => {
    let n = 0;
    const { result, rerender } = renderHook(({ on }) => useData(on ? () => Promise.resolve(++n) : null, [on]), {
      initialProps: { on: false },
    });
    expect(result.current).toMatchObject({ data: null, loading: false });
    rerender({ on: true });
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.data).toBe(1);
    await act(() => result.current.reload());
    expect(result.current.data).toBe(2);
  });
});
