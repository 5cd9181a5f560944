/*
 * The contract between the game server and its clients (docs/protocol.md): every message either
 * way, by room, as types. The server sends through one typed function per room, the web client
 * receives through one typed hook, the tests import the same types: a message's shape changed on
 * one side only does not compile. Types only, besides the version and the lists of codes.
 */
export * from './codes.js';
export * from './shared.js';
export * from './accounts.js';
export * from './ratings.js';
export * from './replay.js';
export * from './records.js';
export * from './race.js';
export * from './solo.js';
export * from './courses.js';
export * from './practice.js';
export * from './rated.js';
export * from './rooms.js';
export * from './review.js';
export * from './boards.js';
export * from './challenges.js';
export * from './api.js';
export * from './api-operations.js';
