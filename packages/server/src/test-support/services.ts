// The services the cluster tests talk to live with the server (system-services.ts), where
// `npm run cluster` and the bench start them too.
export * from '../system-services.js';
