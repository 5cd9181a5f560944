export * from './server.js';
export * from './storage.js';
export * from './storage/index.js';
export * from './protocol.js';
export * from './clock.js';
export { RaceRoom } from './race-room.js';
export { SoloRoom } from './solo-room.js';
export { PracticeRoom } from './practice-room.js';
