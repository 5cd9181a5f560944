import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { setUpI18n } from './i18n.js';
import { listenForGesture } from './sound.js';
// The bundled font first (its Latin subsets only), then the page's styles, which use it.
import './fonts.css';
import './styles.css';

listenForGesture();
// Drawn once the language is there (English at once, another after its texts are loaded).
void setUpI18n().then(() => {
  const root = document.getElementById('root');
  if (root)
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
});
