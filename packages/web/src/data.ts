import type { DependencyList } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';

/** What a screen reads from the server, as it stands. */
export interface Loaded<T> {
  /** The last answer; null before the first, or once `deps` changed (unless `keep`). */
  readonly data: T | null;
  /** Why the last request failed; null once an answer comes (or `deps` changed, unless `keep`). */
  readonly error: unknown;
  /** A request for these `deps` is under way and none has answered yet. */
  readonly loading: boolean;
  /** Asks again now; settles as that request does (its answer is kept only if `deps` are still the same). */
  readonly reload: () => Promise<void>;
}

/** How `useData` asks. */
export interface LoadOptions {
  /** The last answer (or failure) stays shown while `deps` change, until the next comes. */
  readonly keep?: boolean;
  /** Asks again every so many ms while the component lives (a list that changes on its own). */
  readonly every?: number;
}

interface State<T> {
  readonly data: T | null;
  readonly error: unknown;
  readonly loading: boolean;
}

/**
 * Reads `load()` when the component mounts and each time `deps` change (null: nothing to read, as
 * when signed out). An answer to a request made for other `deps`, or after the component left,
 * comes too late and is dropped: a slow old answer never overwrites a newer one.
 */
export function useData<T>(
  load: (() => Promise<T>) | null,
  deps: DependencyList,
  { keep = false, every }: LoadOptions = {},
): Loaded<T> {
  const [state, setState] = useState<State<T>>({ data: null, error: null, loading: load !== null });
  // The requests for the current `deps`: no longer live once they change or the component leaves.
  const current = useRef({ live: false });
  // The latest `load`, which closes over the latest render's values (deps are what say when to ask).
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });

  const ask = useCallback((mine: { live: boolean }): Promise<void> => {
    const load = latest.current;
    if (!load) return Promise.resolve();
    return load().then(
      (data) => {
        if (mine.live) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (mine.live) setState((s) => ({ data: s.data, error, loading: false }));
        throw error;
      },
    );
  }, []);

  const wanted = load !== null;
  useEffect(() => {
    const mine = { live: true };
    current.current = mine;
    setState((s) => {
      const next = keep ? { ...s, loading: wanted } : { data: null, error: null, loading: wanted };
      return next.data === s.data && next.error === s.error && next.loading === s.loading ? s : next;
    });
    if (!wanted) return;
    // A failure is in the state: the promise is for `reload`'s callers.
    const read = (): void => {
      ask(mine).catch(() => undefined);
    };
    read();
    const timer = every === undefined ? undefined : setInterval(read, every);
    return () => {
      mine.live = false;
      clearInterval(timer);
    };
    // `deps` say when to ask again (as a useEffect's would); `load` is read from the latest render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, wanted, keep, every, ask]);

  const reload = useCallback(() => ask(current.current), [ask]);
  return { ...state, reload };
}
