import type { ReactNode } from 'react';
import type { ArtName } from './art.js';
import { Art } from './art.js';

/**
 * A screen with nothing to list yet (issue 46): a small drawing, the line saying so, what to do next
 * (`next`, where that line does not say), and a link where there is somewhere to go (`action`) or
 * any other control (`children`). One for every screen, so that they all look alike.
 */
export function EmptyState({
  art,
  text,
  next,
  action,
  children,
}: {
  art: ArtName;
  text: ReactNode;
  /** What to do about it, when `text` does not say. */
  next?: ReactNode;
  action?: { readonly href: string; readonly label: string } | undefined;
  children?: ReactNode;
}) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <Art name={art} className="empty-art" />
      <p className="empty-text">{text}</p>
      {next && <p className="empty-next">{next}</p>}
      {(action || children) && (
        <div className="actions">
          {action && (
            <a className="button" href={action.href}>
              {action.label}
            </a>
          )}
          {children}
        </div>
      )}
    </div>
  );
}
