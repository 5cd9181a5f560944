import type { SoloCourse } from '@ubongo/core';
import { err } from '@ubongo/core';
import type { Course } from '../courses.js';

/** The daily course (to be built: issue 35). */
export const dailyCourse: Course<Extract<SoloCourse, { kind: 'daily' }>> = {
  plan: () => Promise.resolve(err('the daily is not open yet')),
};
