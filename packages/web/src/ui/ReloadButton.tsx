/** A button that reloads the page (a new build, a lost connection, a screen that failed to open), with the words of where it stands. */
export function ReloadButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      className="primary"
      onClick={() => {
        window.location.reload();
      }}
    >
      {label}
    </button>
  );
}
