/**
 * A conversion failure as users may read it: the reason without the server's own file paths (the data
 * folder, the scratch folder, the code's location), which the server log keeps in full.
 */
export function publicErrorMessage(message: string): string {
  return (
    message
      // absolute POSIX or Windows paths of two segments or more, with an optional :line:column
      .replace(/(?:[A-Za-z]:)?(?:[\\/][\w.@+~-]+){2,}[\\/]?(?::\d+)*/g, '<server path>')
      // file:// addresses of the code
      .replace(/file:\/\/<server path>/g, '<server path>')
      .slice(0, 2000)
  );
}
