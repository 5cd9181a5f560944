import { useSyncExternalStore } from 'react';

/*
 * A setting kept in this browser (localStorage) that screens read and re-render on: the sound's
 * volume and mute (sound.ts), patterns and contrast (seeing/seeing.ts). Read once, on first use;
 * a browser that keeps nothing (private mode, storage refused) plays with the defaults.
 */

export interface Kept<T> {
  /** The setting as it stands. */
  readonly current: () => T;
  /** The setting as it stands, re-rendering the component on a change. */
  readonly use: () => T;
  /** Changes it, keeps it, and tells every reader. */
  readonly set: (next: Partial<T>) => void;
}

/** A setting read by `read` (which falls back to its defaults on its own) and kept by `write`. */
export function kept<T extends object>(
  read: () => T,
  write: (value: T) => void,
  changed?: (value: T) => void,
): Kept<T> {
  let value: T | null = null;
  const listeners = new Set<() => void>();
  const current = (): T => (value ??= read());
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    current,
    use: () => useSyncExternalStore(subscribe, current, current),
    set: (next) => {
      const now = { ...current(), ...next };
      value = now;
      try {
        write(now);
      } catch {
        // Not kept: the next visit starts with the defaults.
      }
      changed?.(now);
      for (const listener of listeners) listener();
    },
  };
}
