// The end of a small form in a document's detail (a return, a return's invalidation): what is wrong, if anything,
// then confirm (busy while the call runs) and cancel.
export function FormFooter({
  problem,
  busy,
  confirm,
  busyText,
  cancel,
  onCancel,
}: {
  problem: string | null;
  busy: boolean;
  confirm: string;
  busyText: string;
  cancel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
          {busy ? busyText : confirm}
        </button>
        <button type="button" onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </>
  );
}
