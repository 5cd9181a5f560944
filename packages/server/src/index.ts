export * from './server.js';
export * from './table/store.js';
export * from './solo/store.js';
export * from './solo/review-store.js';
export * from './solo/courses/daily-store.js';
export * from './solo/courses/campaign-store.js';
export * from './accounts/store.js';
export * from './accounts/report-store.js';
export * from './boards/store.js';
// For `ubongo admin role USERNAME`: a username's key, as the accounts are found by it.
export { nameKey } from './accounts/names.js';
export * from './rating/store.js';
export * from './rating/season-store.js';
export * from './friends/store.js';
export * from './arena/store.js';
export * from './storage/index.js';
export * from './protocol.js';
export * from './clock.js';
// For the benches and `npm run cluster`: the metrics line they read, the headers nginx adds.
export type { MetricsReport } from './metrics.js';
export { METRICS_LINE } from './metrics.js';
export { SECURITY_HEADERS } from './http/http.js';
export { RaceRoom } from './table/race-room.js';
export { SoloRoom } from './solo/solo-room.js';
export { PracticeRoom } from './practice/practice-room.js';
// For `ubongo deck export`: a task's learned rating as shown.
export { puzzleDisplay, taskKey } from './rating/puzzles.js';
// For tests that seed a day's board: the day's task as this server deals it (its secret draw).
export { dailyTaskOn } from './solo/courses/daily.js';
