// FOUNDATION STUB: its helper replaces this file.
export function Component() {
  return null;
}
