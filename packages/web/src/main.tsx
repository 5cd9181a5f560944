import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { setUpI18n } from './i18n.js';
import { listenForGesture } from './sound.js';
import './styles.css';

setUpI18n();
listenForGesture();
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
