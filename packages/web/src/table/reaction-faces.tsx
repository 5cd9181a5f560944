import type { ReactionId } from '@ubongo/core';
import type { ReactNode } from 'react';

/* The reactions' pictures (reactions.tsx sends and shows them): faces drawn in one palette. */

const SKIN = '#f6c343';
const SKIN_EDGE = '#b7862a';
const FACE = { fill: SKIN, stroke: SKIN_EDGE, strokeWidth: 1.2 } as const;
const INK = '#3b2a14';

/**
 * How each reaction (core's `REACTIONS`, every one by this type) looks: drawn here rather than an
 * emoji, which a system without a colour emoji font shows as an empty box. Named in words by
 * `reactions.<id>`.
 */
export const REACTION_FACES: Readonly<Record<ReactionId, ReactNode>> = {
  'thumbs-up': (
    <>
      <rect x="2.5" y="10" width="4.5" height="11" rx="1" fill="#1d3557" />
      <path d="M8 10.5 11 3.5Q13.6 2.6 14 5.2L13.2 9.6H19a2 2 0 0 1 2 2.3l-1.2 7.4a2 2 0 0 1-2 1.7H8Z" {...FACE} />
      <path d="M14 13.2h6M14 16.2h5.5" stroke={SKIN_EDGE} strokeWidth="1.1" strokeLinecap="round" />
    </>
  ),
  clap: (
    <>
      <rect x="4" y="7" width="8" height="13" rx="4" transform="rotate(-18 8 13.5)" {...FACE} />
      <rect x="11" y="7" width="8" height="13" rx="4" transform="rotate(18 15 13.5)" {...FACE} />
      <path d="M7 4.5 6 2.5M11.5 3.5V1.5M16 4.5l1-2" stroke="#e76f51" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
  wow: (
    <>
      <circle cx="12" cy="12" r="10" {...FACE} />
      <circle cx="8.5" cy="9.5" r="1.4" fill={INK} />
      <circle cx="15.5" cy="9.5" r="1.4" fill={INK} />
      <ellipse cx="12" cy="16" rx="2.4" ry="3" fill={INK} />
    </>
  ),
  phew: (
    <>
      <circle cx="12" cy="12" r="10" {...FACE} />
      <path
        d="M6.8 10.5q1.7-1.6 3.4 0M13.8 10.5q1.7-1.6 3.4 0"
        fill="none"
        stroke={INK}
        strokeWidth="1.4"
        strokeLinecap="round"
      />
      <path d="M8.5 15.5q3.5 2.6 7 0" fill="none" stroke={INK} strokeWidth="1.4" strokeLinecap="round" />
      <path d="M19.5 3.5q2.2 3.2 0 4.6-2.2-1.4 0-4.6Z" fill="#4ea8de" stroke="#1d6fa5" strokeWidth="0.8" />
    </>
  ),
  fire: (
    <>
      <path
        d="M12 1.5c1.5 4 7 6 7 12.5a7 7 0 0 1-14 0c0-3.6 2.2-5.6 3.4-8 .9 2.2 1.8 3.3 3.1 3.5C11.6 7 11 4.5 12 1.5Z"
        fill="#e76f51"
        stroke="#bc4a2e"
        strokeWidth="1"
      />
      <path d="M12 11.5c1.2 2 3.5 3 3.5 5.8a3.5 3.5 0 0 1-7 0c0-2 1.2-3 1.8-4.3.5 1 1 1.4 1.7 1.5Z" fill="#f6c343" />
    </>
  ),
  gg: (
    <text x="12" y="16.5" textAnchor="middle" fontSize="11" fontWeight="800" fill="#1d3557">
      GG
    </text>
  ),
};

/** A reaction's picture, for something that names it in words. */
export function Face({ reaction }: { reaction: ReactionId }) {
  return (
    <svg className="reaction-face" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {REACTION_FACES[reaction]}
    </svg>
  );
}
