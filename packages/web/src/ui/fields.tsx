import type { PieceSet } from '@ubongo/core';
import { PIECE_SETS } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { SelectField } from './SelectField.js';

/** The player's name (1 to 24 characters, as the server takes it). */
export function NameField({
  label,
  value,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input
        value={value}
        maxLength={24}
        autoComplete="nickname"
        onChange={(e) => {
          onChange(e.target.value);
        }}
        onBlur={onBlur}
      />
    </label>
  );
}

/** The choice of pieces: the task's only, or the whole set as in the box (docs/rules.md §1.8). */
export function PieceSetField({
  value,
  onChange,
  disabled = false,
}: {
  value: PieceSet;
  onChange: (pieceSet: PieceSet) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('lobby.pieceSet')}
      disabled={disabled}
      value={value}
      options={PIECE_SETS}
      text={(s) => t(`pieceSets.${s}`)}
      onChange={onChange}
    />
  );
}
