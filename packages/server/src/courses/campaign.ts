import type { SoloCourse } from '@ubongo/core';
import { err } from '@ubongo/core';
import type { Course } from '../courses.js';

/** The campaign course (to be built: issue 35). */
export const campaignCourse: Course<Extract<SoloCourse, { kind: 'campaign' }>> = {
  plan: () => Promise.resolve(err('the campaign is not open yet')),
};
