import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { setUpI18n } from './i18n.js';
import { listenForGesture } from './sound.js';
import { noteUpdate } from './UpdateNote.js';
import { applySeeing } from './seeing/seeing.js';
// The bundled font first (its Latin subsets only), then the page's styles, which use it: what all
// share, then each feature's sheet. All here, in this order, which is the cascade's (a feature's
// sheet imported by its lazily loaded screen would come into the page in whatever order they load).
import './fonts.css';
import './base.css';
import './play/play.css';
import './ui/ui.css';
import './ui/moments.css';
import './home/home.css';
import './misses/misses.css';
import './table/table.css';
import './watching/watching.css';
import './watching/boards-in-play.css';
import './solo/solo.css';
import './solo/ghost.css';
import './practice/practice.css';
import './learn/learn.css';
import './rating/rating.css';
import './accounts/accounts.css';
import './friends/friends.css';
import './challenges/challenges.css';
import './arena/arena.css';
import './review/review.css';
import './boards/boards.css';
import './seeing/seeing.css';

listenForGesture();
// Patterns and contrast as the player asked for them, before anything is drawn.
applySeeing();
// The service worker keeps the app for offline play (docs/web.md, "Offline"): a built client only.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // A worker that takes over a page another worker controlled is a new build's: offer to reload.
  const hadWorker = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadWorker) noteUpdate();
  });
  window.addEventListener('load', () => {
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    // The caches of the hand-written worker before Workbox's (`ubongo-` and a build's 12-digit hash).
    void caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => /^ubongo-[0-9a-f]{12}$/.test(n)).map((n) => caches.delete(n))))
      .catch(() => undefined);
  });
}
function draw(): void {
  const root = document.getElementById('root');
  if (root)
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
}
// In English at once; in another language once its texts are loaded, never in English first.
const language = setUpI18n();
if (language) void language.then(draw);
else draw();
