import type { ReactNode } from 'react';
import { Component } from 'react';

/**
 * Shows `fallback` instead of what failed to be shown within it: a part of the page whose script
 * could not be fetched (the game was updated since the page was opened, and the old script is
 * gone; or the connection dropped), or that failed to draw. Without it the whole page goes blank.
 */
export class Fallback extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
