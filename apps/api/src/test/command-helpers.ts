/** Lines a command printed (`log`) and complained (`error`), in the shape its `output` parameter takes. */
export function captureOutput() {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    output: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
  };
}
