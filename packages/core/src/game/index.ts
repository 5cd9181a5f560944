export * from './types.js';
export * from './gems.js';
export * from './race.js';
export * from './solo.js';
export * from './bots.js';
export * from './simulate.js';
export * from './referee.js';
export * from './trail.js';
