import { expect, type Locator } from '@playwright/test';

/** Ticks a checkbox as a keyboard user does (react-aria's label lies over the native input). */
export async function tick(checkbox: Locator): Promise<void> {
  await checkbox.focus();
  await checkbox.press('Space');
  await expect(checkbox).toBeChecked();
}
