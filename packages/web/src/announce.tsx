import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useState } from 'react';

const AnnounceContext = createContext<(text: string) => void>(() => undefined);

/** A live region for round events: what a screen reader says, and a line everyone can read. */
export function Announcer({ children }: { children: ReactNode }) {
  const [text, setText] = useState('');
  const announce = useCallback((next: string) => {
    // The same words twice in a row are still announced.
    setText((prev) => (prev === next ? `${next}\u00a0` : next));
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="sr-only" role="status" aria-live="polite" data-testid="announcer">
        {text}
      </div>
    </AnnounceContext.Provider>
  );
}

/** Says something in the live region. */
export function useAnnounce(): (text: string) => void {
  return useContext(AnnounceContext);
}
