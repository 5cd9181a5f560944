import type { SoloCourse } from '@ubongo/core';
import { boardCourse } from '../boards/board-course.js';
import { archiveCourse } from './courses/archive.js';
import { campaignCourse } from './courses/campaign.js';
import { dailyCourse } from './courses/daily.js';
import { stormCourse } from './courses/storm.js';
import type { Course } from './courses/course.js';

export type { Course, CoursePlan, CoursePlayer, StoredCourseRun } from './courses/course.js';

/*
 * Courses (docs/protocol.md, "Courses"): the campaign's levels, the daily puzzle and Storm are solo
 * runs whose tasks the server sets, one course a kind. The solo room asks the course for the run
 * when the player comes (`plan`: or why they may not play it now), tells it when the run starts,
 * and hands it the stored run (`recorded`) for what the run came to (stars, the day's attempt
 * and streak, Storm's highs), which `recorded.course` carries to the player. The run itself is timed, judged,
 * stored and trailed as every solo run is (solo-run.ts), with the course's kind as its dealing.
 */

/** Every course, by kind. */
export const COURSES: { readonly [K in SoloCourse['kind']]: Course<Extract<SoloCourse, { kind: K }>> } = {
  campaign: campaignCourse,
  daily: dailyCourse,
  storm: stormCourse,
  board: boardCourse,
  archive: archiveCourse,
};

/** The course of a join option. */
export function courseOf<C extends SoloCourse>(course: C): Course<C> {
  return COURSES[course.kind] as unknown as Course<C>;
}
