// The test support of the workspace: services and server processes started for real. Not part of
// any package's build or exports; tests, bench and e2e import it (and its ./player and ./chromium).
export * from './services.js';
export * from './server-process.js';
