/*
 * The game's logo: its U is two bevelled pieces laid as on a board (two L-shaped pieces of five
 * cells, one the other turned over, in two of the pieces' colours), the rest of the word in the
 * game's rounded type. The favicon (public/favicon.svg) is the same U on the header's blue. The
 * pieces' paths are those the board draws (play/outline.ts: tilePaths with a gap of 3 and a bevel
 * of 8 on 40-unit cells), written out here so that the first page draws them without the board.
 */

/** One piece of the U: its face, and the lit and shaded strips of its bevel. */
const U_PIECES = [
  {
    colour: '#e76f51',
    face: 'M3 3L37 3L37 123L77 123L77 157L3 157Z',
    light: 'M3 3L37 3L29 11L11 11ZM37 123L77 123L69 131L29 131ZM3 157L3 3L11 11L11 149Z',
    dark: 'M37 3L37 123L29 131L29 11ZM77 123L77 157L69 149L69 131ZM77 157L3 157L11 149L69 149Z',
  },
  {
    colour: '#e9c46a',
    face: 'M83 123L123 123L123 3L157 3L157 157L83 157Z',
    light:
      'M83 123L123 123L131 131L91 131ZM123 123L123 3L131 11L131 131ZM123 3L157 3L149 11L131 11ZM83 157L83 123L91 131L91 149Z',
    dark: 'M157 3L157 157L149 149L149 11ZM157 157L83 157L91 149L149 149Z',
  },
] as const;

/** The U alone, in a 160-unit box: the pieces' corners rounded a little by a stroke of their colour. */
function LetterU() {
  return (
    <>
      {U_PIECES.map((p) => (
        <g key={p.colour}>
          <path d={p.face} fill={p.colour} stroke={p.colour} strokeWidth="4" strokeLinejoin="round" />
          <path d={p.light} fill="#fff" fillOpacity="0.5" />
          <path d={p.dark} fill="#000" fillOpacity="0.28" />
        </g>
      ))}
    </>
  );
}

/**
 * The word "Ubongo" as the logo: a picture named "Ubongo" for screen readers. As tall as the CSS
 * makes it (`.logo-art`); the word is drawn in the page's font, pinned to its width.
 */
export function Logo() {
  return (
    <svg className="logo-art" viewBox="0 0 150 44" role="img" aria-label="Ubongo">
      <g transform="translate(1 6) scale(0.2)">
        <LetterU />
      </g>
      {/* The word's shadow, then the word: a printed, slightly raised look. */}
      <text className="logo-word logo-word-shadow" x="37" y="40" textLength="111" lengthAdjust="spacingAndGlyphs">
        bongo
      </text>
      <text className="logo-word" x="37" y="38" textLength="111" lengthAdjust="spacingAndGlyphs">
        bongo
      </text>
    </svg>
  );
}
