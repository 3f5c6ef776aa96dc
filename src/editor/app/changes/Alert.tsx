/** What went wrong, in the server's words, announced to screen readers as it appears; nothing when all is well. */
export function Alert({ message }: { message: string | undefined }) {
  return message ? (
    <p className="notice notice--error" role="alert">
      {message}
    </p>
  ) : null;
}
