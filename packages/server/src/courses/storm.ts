import type { SoloCourse } from '@ubongo/core';
import { err } from '@ubongo/core';
import type { Course } from '../courses.js';

/** The storm course (to be built: issue 35). */
export const stormCourse: Course<Extract<SoloCourse, { kind: 'storm' }>> = {
  plan: () => Promise.resolve(err('the storm is not open yet')),
};
