import type { ReactNode } from 'react';

/** A labelled choice among a fixed list: the label's text is the select's accessible name. */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  text,
  onChange,
  disabled = false,
  inline = false,
}: {
  label: ReactNode;
  value: T;
  /** The choices, in their order (an `as const` list, so that `T` is their union). */
  options: readonly T[];
  /** A choice as the player reads it (a number as is, by default). */
  text?: (option: T) => ReactNode;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** Beside what follows it (a button) rather than above. */
  inline?: boolean;
}) {
  return (
    <label className={inline ? 'field inline' : 'field'}>
      <span>{label}</span>
      <select
        disabled={disabled}
        value={value}
        onChange={(e) => {
          // The chosen one of `options`, by the text of its value: typed as they are, no cast.
          const chosen = options.find((o) => String(o) === e.target.value);
          if (chosen !== undefined) onChange(chosen);
        }}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {text ? text(o) : o}
          </option>
        ))}
      </select>
    </label>
  );
}
