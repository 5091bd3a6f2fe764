/** Told to screen readers after a link that opens in a new tab. */
export function NewTabNote() {
  return (
    <>
      {' '}
      <span className="sr-only">(opens in a new tab)</span>
    </>
  );
}
